/**
 * The registry: every section, screen and operation of the portal, listed once. Adding a policy area is one
 * definition file plus one line in `screens` below.
 */
import { authOps } from './api/auth';
import { applianceOps, connectivityOps, jobOps, managerOps, stationOps } from './api/appliance';
import { applianceCertOps } from './api/applianceCerts';
import { systemOps } from './api/applianceSystem';
import { applianceUserOps } from './api/applianceUsers';
import { identityOps } from './api/identity';
import { ingestionTokenOps, ingestKindOps } from './api/ingest';
import { lookupOps } from './api/lookups';
import { casbInsightOps } from './api/casbInsights';
import { docsAndFilesOps } from './api/docsAndFiles';
import { parentRuleOps } from './api/parentRules';
import { reportLookupOps } from './api/reportLookups';
import { policyVariantOperations, policyVariantOps } from './api/policyVariants';
import { tenantUtilOps } from './api/tenantUtils';
import { privateAccessOps } from './api/privateAccess';
import { logOperations } from './api/logs';
import { policyOps } from './api/policy';
import { evaluateOps } from './api/evaluate';
import { postureOps } from './api/posture';
import { providerOps } from './api/provider';
import { providerFleetOperations } from './api/providerFleet';
import { providerTenantOperations } from './api/providerTenant';
import { providerNetworkOperations } from './api/providerNetwork';
import { providerInsightOperations } from './api/providerInsights';
import { reportOperations } from './api/reports';
import { settingsOps } from './api/settings';
import { secondFactor } from './settings/secondFactor';
import { applianceAbout } from './appliance/applianceAbout';
import { applianceUpdates } from './appliance/applianceUpdates';
import { appliancePassword } from './appliance/appliancePassword';
import { applianceManagerChoice } from './appliance/applianceManagerChoice';
import { casbAppDiscovery } from './policy/casb/casbAppDiscovery';
import { casbAppRules } from './policy/casb/casbAppRules';
import { casbExceptions } from './policy/casb/casbExceptions';
import { casbProfiles } from './policy/casb/casbProfiles';
import { discoveredApps } from './policy/casb/discoveredApps';
import { appInsights } from './policy/casb/appInsights';
import { fileRules } from './policy/files/fileRules';
import { docRules } from './policy/files/docRules';
import { fileTypeMigration } from './policy/files/fileTypeMigration';
import { parentWebExceptions } from './policy/parent/parentWebExceptions';
import { parentInspectionExceptions } from './policy/parent/parentInspectionExceptions';
import { parentBrowserRules } from './policy/parent/parentBrowserRules';
import { appliances } from './reports/appliances';
import { directoryGroups } from './reports/directoryGroups';
import { dlpAuditors } from './policy/dlp/dlpAuditors';
import { auditorProfiles } from './policy/dlp/auditorProfiles';
import { auditorProfileDefault } from './policy/dlp/auditorProfileDefault';
import { dlpDictionaries } from './policy/dlp/dlpDictionaries';
import { dlpGroups } from './policy/dlp/dlpGroups';
import { dlpRules } from './policy/dlp/dlpRules';
import { emailAllowList } from './policy/email/emailAllowList';
import { allowListFeeds } from './policy/email/allowListFeeds';
import { emailAttachments } from './policy/email/emailAttachments';
import { emailConfig } from './policy/email/emailConfig';
import { emailIsolation } from './policy/email/emailIsolation';
import { emailUserLists } from './policy/email/emailUserLists';
import { emailMobile } from './policy/email/emailMobile';
import { phishTargets } from './policy/email/phishTargets';
import { webExceptions } from './policy/web/webExceptions';
import { appLinks } from './policy/web/appLinks';
import { webBandwidth } from './policy/web/webBandwidth';
import { browserRules } from './policy/web/browserRules';
import { webCategories } from './policy/web/webCategories';
import { categoryExtension } from './policy/web/categoryExtension';
import { categoryMigration } from './policy/web/categoryMigration';
import { capturedFilePassword } from './policy/dlp/capturedFilePassword';
import { contentInspection } from './policy/web/contentInspection';
import { copyPaste } from './policy/web/copyPaste';
import { egressHeaders } from './policy/web/egressHeaders';
import { forensicsRules } from './policy/web/forensicsRules';
import { globalBrowserRules } from './policy/web/globalBrowserRules';
import { webGlobalExceptions } from './policy/web/webGlobalExceptions';
import { globalInspectionExceptions } from './policy/web/globalInspectionExceptions';
import { inspectionExceptions } from './policy/web/inspectionExceptions';
import { runtimeAnalysis } from './policy/web/runtimeAnalysis';
import { webThreats } from './policy/web/webThreats';
import { riskTypes } from './policy/web/riskTypes';
import { watermark } from './policy/web/watermark';
import { sslBypass } from './policy/web/sslBypass';
import { benchmarkPolicies } from './posture/benchmarkPolicies';
import { browserConfigPolicies } from './posture/browserConfigPolicies';
import { postureAssessments } from './posture/postureAssessments';
import { dlpCustomization } from './customization/dlpCustomization';
import { emailCustomization } from './customization/emailCustomization';
import { webCustomization } from './customization/webCustomization';
import { firewallFeeds } from './fwaas/firewallFeeds';
import { firewallRules } from './fwaas/firewallRules';
import { firewallServices } from './fwaas/firewallServices';
import { appCatalog } from './privateAccess/appCatalog';
import { accessRules } from './privateAccess/accessRules';
import { connectorClusters } from './privateAccess/connectorClusters';
import { privateAccessSecurity } from './privateAccess/privateAccessSecurity';
import { privateAccessCertificates } from './privateAccess/privateAccessCertificates';
import { connectorStatus } from './privateAccess/connectorStatus';
import { applicationAccess } from './privateAccess/applicationAccess';
import { auditLogs } from './logs/auditLogs';
import { dlpLogs } from './logs/dlpLogs';
import { emailLogs } from './logs/emailLogs';
import { firewallLogs } from './logs/firewallLogs';
import { saaLogs } from './logs/saaLogs';
import { webLogs } from './logs/webLogs';
import { dashboard } from './reports/dashboard';
import { reportCatalogue } from './reports/reportCatalogue';
import { reportScheduling } from './reports/reportScheduling';
import { revisionHistory } from './policy/revisionHistory';
import { testRequest } from './policy/testRequest';
import { contactForm } from './contact/contactForm';
import { createRegistry } from './registry';
import { sections } from './sections';
import { forensicProfiles } from './settings/forensicProfiles';
import { forensicViewer } from './settings/forensicViewer';
import { pacSettings } from './settings/pacSettings';
import { pacVersion } from './settings/pacVersion';
import { storageProfiles } from './settings/storageProfiles';
import { users } from './settings/users';
import { roles } from './settings/roles';
import { apiTokens } from './settings/apiTokens';
import { ingestionTokens } from './settings/ingestionTokens';
import { adminAccessControl } from './settings/tenant/adminAccessControl';
import { authSettings } from './settings/tenant/authSettings';
import { samlServiceProvider } from './settings/tenant/samlServiceProvider';
import { casbSettings } from './settings/tenant/casbSettings';
import { clientProfiles } from './settings/tenant/clientProfiles';
import { egressIps } from './settings/tenant/egressIps';
import { fixedEgress } from './settings/tenant/fixedEgress';
import { egressAddresses } from './settings/tenant/egressAddresses';
import { globalSettings } from './settings/tenant/globalSettings';
import { postureProfiles } from './settings/tenant/postureProfiles';
import { terminalServerProfiles } from './settings/tenant/terminalServerProfiles';
import { tenantAssociations } from './settings/tenant/tenantAssociations';
import { webService } from './web/webService';
import { mailService } from './safemail/mailService';
import { mailAttachments } from './safemail/mailAttachments';
import { termsOfService } from './settings/tenant/termsOfService';
import { applianceConnectivity } from './appliance/applianceConnectivity';
import { managedCertificates } from './appliance/managedCertificates';
import { managedRegistrations } from './appliance/managedRegistrations';
import { managedTemplates } from './appliance/managedTemplates';
import { applianceCaCertificates } from './appliance/applianceCaCertificates';
import { exportedAppliancePages } from './appliance/exportedPages';
import { applianceJobs } from './appliance/applianceJobs';
import { applianceLicense } from './appliance/applianceLicense';
import { applianceRegistration } from './appliance/applianceRegistration';
import { managedSystems } from './appliance/managedSystems';
import { applianceLdap } from './appliance/applianceLdap';
import { applianceSaml } from './appliance/applianceSaml';
import { applianceAdminAuth } from './appliance/applianceAdminAuth';
import { applianceCertificates } from './appliance/applianceCertificates';
import { applianceUpstreamTls } from './appliance/applianceUpstreamTls';
import { applianceUserAuth } from './appliance/applianceUserAuth';
import { applianceUsers } from './appliance/applianceUsers';
import { applianceServiceDomain } from './appliance/applianceServiceDomain';
import { applianceInputMethods } from './appliance/applianceInputMethods';
import { applianceUpstreamProxy } from './appliance/applianceUpstreamProxy';
import { applianceRecordingExport } from './appliance/applianceRecordingExport';
import { applianceNotifications } from './appliance/applianceNotifications';
import { features } from './provider/features';
import { skus } from './provider/skus';
import { tenantEntitlements } from './provider/tenantEntitlements';
import { tenantOverrides } from './provider/tenantOverrides';
import { tenantFeatures } from './provider/tenantFeatures';
import { versions } from './provider/versions';
import { deployments } from './provider/deployments';
import { tenantPlacements } from './provider/tenantPlacements';
import { pods } from './provider/pods';
import { podNodes } from './provider/podNodes';
import { rollouts } from './provider/rollouts';
import { fleetSection, licensingSection, serviceSection, tenantsSection } from './provider/common';
import { categoryOverrides } from './provider/categoryOverrides';
import { ovaKeys } from './provider/ovaKeys';
import { tenantCapabilities } from './provider/tenantCapabilities';
import { tenantOverview } from './provider/tenantOverview';
import { tenants } from './provider/tenants';
import { tenantUsers } from './provider/tenantUsers';
import { tenantPolicy } from './provider/tenantPolicy';
import { tenantTerms } from './provider/tenantTerms';
import { tenantPac } from './provider/tenantPac';
import { tenantVpnGateways } from './provider/tenantVpnGateways';
import { tenantVpnTunnels } from './provider/tenantVpnTunnels';
import { tenantVpnDestinations } from './provider/tenantVpnDestinations';
import { tenantNetworkRules } from './provider/tenantNetworkRules';
import { tenantLoggingTokens } from './provider/tenantLoggingTokens';
import { tenantLoggingNetworks } from './provider/tenantLoggingNetworks';
import { tenantGlobalSettings } from './provider/tenantGlobalSettings';
import { tenantSafemail } from './provider/tenantSafemail';
import { tenantTags } from './provider/tenantTags';
import { tenantQuota } from './provider/tenantQuota';
import { tenantRoles } from './provider/tenantRoles';
import { tenantApiTokens } from './provider/tenantApiTokens';
import { tenantHostNames } from './provider/tenantHostNames';
import { tenantAnalytics } from './provider/tenantAnalytics';
import { tenantSchemaStates } from './provider/tenantSchemaStates';
import { ovaKeySkus } from './provider/ovaKeySkus';
import { operatorSession } from './provider/operatorSession';
import { tenantGroups } from './provider/tenantGroups';
import { tenantSku } from './provider/tenantSku';
import { inventory } from './provider/inventory';

export const registry = createRegistry({
  sections: [...sections, tenantsSection, licensingSection, fleetSection, serviceSection],
  screens: [
    revisionHistory,
    testRequest,
    webThreats,
    riskTypes,
    webCategories,
    categoryExtension,
    categoryMigration,
    capturedFilePassword,
    webExceptions,
    webGlobalExceptions,
    sslBypass,
    webBandwidth,
    contentInspection,
    inspectionExceptions,
    globalInspectionExceptions,
    browserRules,
    globalBrowserRules,
    runtimeAnalysis,
    appLinks,
    copyPaste,
    watermark,
    forensicsRules,
    egressHeaders,
    emailAllowList,
    allowListFeeds,
    emailAttachments,
    emailMobile,
    emailIsolation,
    emailConfig,
    phishTargets,
    emailUserLists,
    dlpRules,
    dlpDictionaries,
    dlpGroups,
    dlpAuditors,
    auditorProfiles,
    auditorProfileDefault,
    casbAppRules,
    casbProfiles,
    casbExceptions,
    casbAppDiscovery,
    discoveredApps,
    appInsights,
    fileRules,
    docRules,
    fileTypeMigration,
    parentWebExceptions,
    parentInspectionExceptions,
    parentBrowserRules,
    webCustomization,
    emailCustomization,
    dlpCustomization,
    firewallRules,
    firewallServices,
    firewallFeeds,
    accessRules,
    appCatalog,
    connectorClusters,
    connectorStatus,
    applicationAccess,
    privateAccessCertificates,
    privateAccessSecurity,
    storageProfiles,
    forensicProfiles,
    forensicViewer,
    pacSettings,
    pacVersion,
    globalSettings,
    casbSettings,
    termsOfService,
    adminAccessControl,
    authSettings,
    samlServiceProvider,
    egressIps,
    fixedEgress,
    egressAddresses,
    clientProfiles,
    postureProfiles,
    terminalServerProfiles,
    tenantAssociations,
    webService,
    mailService,
    mailAttachments,
    browserConfigPolicies,
    postureAssessments,
    benchmarkPolicies,
    webLogs,
    emailLogs,
    auditLogs,
    dlpLogs,
    firewallLogs,
    saaLogs,
    dashboard,
    reportCatalogue,
    reportScheduling,
    appliances,
    directoryGroups,
    ...exportedAppliancePages,
    applianceCaCertificates,
    applianceLicense,
    applianceRegistration,
    applianceConnectivity,
    applianceJobs,
    applianceLdap,
    applianceSaml,
    applianceAdminAuth,
    applianceUserAuth,
    applianceCertificates,
    applianceUpstreamTls,
    applianceUsers,
    applianceServiceDomain,
    applianceInputMethods,
    applianceUpstreamProxy,
    applianceRecordingExport,
    applianceNotifications,
    applianceAbout,
    applianceUpdates,
    appliancePassword,
    applianceManagerChoice,
    managedSystems,
    managedRegistrations,
    managedTemplates,
    managedCertificates,
    users,
    secondFactor,
    roles,
    tenants,
    tenantOverview,
    tenantCapabilities,
    tenantUsers,
    tenantPolicy,
    tenantVpnGateways,
    tenantVpnTunnels,
    tenantVpnDestinations,
    tenantNetworkRules,
    tenantLoggingTokens,
    tenantLoggingNetworks,
    tenantPac,
    tenantTerms,
    tenantGlobalSettings,
    tenantSafemail,
    tenantTags,
    tenantQuota,
    tenantRoles,
    tenantApiTokens,
    tenantHostNames,
    tenantAnalytics,
    tenantSchemaStates,
    tenantGroups,
    tenantSku,
    ovaKeys,
    ovaKeySkus,
    operatorSession,
    inventory,
    features,
    skus,
    tenantEntitlements,
    tenantOverrides,
    tenantFeatures,
    versions,
    deployments,
    tenantPlacements,
    pods,
    podNodes,
    rollouts,
    categoryOverrides,
    apiTokens,
    ingestionTokens,
    contactForm,
  ],
  operations: [
    ...Object.values(authOps),
    ...Object.values(policyOps),
    ...Object.values(evaluateOps),
    ...Object.values(settingsOps),
    ...Object.values(postureOps),
    ...logOperations,
    ...reportOperations,
    ...Object.values(applianceOps),
    ...Object.values(jobOps),
    ...Object.values(managerOps),
    ...Object.values(systemOps),
    ...Object.values(stationOps),
    ...Object.values(applianceUserOps),
    ...Object.values(applianceCertOps),
    ...Object.values(connectivityOps),
    ...Object.values(identityOps),
    ...Object.values(ingestKindOps),
    ...Object.values(ingestionTokenOps),
    ...Object.values(lookupOps),
    ...Object.values(reportLookupOps),
    ...Object.values(casbInsightOps),
    ...Object.values(parentRuleOps),
    ...Object.values(docsAndFilesOps),
    ...policyVariantOperations,
    ...Object.values(policyVariantOps),
    ...Object.values(tenantUtilOps),
    ...Object.values(privateAccessOps),
    ...Object.values(providerOps),
    ...providerFleetOperations,
    ...providerTenantOperations,
    ...providerNetworkOperations,
    ...providerInsightOperations,
  ],
});

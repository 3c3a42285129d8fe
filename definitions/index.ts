/**
 * The registry: every section, screen and operation of the portal, listed once. Adding a policy area is one
 * definition file plus one line in `screens` below.
 */
import { authOps } from './api/auth';
import { applianceOps, jobOps, managerOps } from './api/appliance';
import { identityOps } from './api/identity';
import { lookupOps } from './api/lookups';
import { policyVariantOperations, policyVariantOps } from './api/policyVariants';
import { tenantUtilOps } from './api/tenantUtils';
import { logOperations } from './api/logs';
import { policyOps } from './api/policy';
import { postureOps } from './api/posture';
import { providerOps } from './api/provider';
import { reportOperations } from './api/reports';
import { settingsOps } from './api/settings';
import { casbAppDiscovery } from './policy/casb/appDiscovery';
import { casbAppRules } from './policy/casb/appRules';
import { casbExceptions } from './policy/casb/exceptions';
import { casbProfiles } from './policy/casb/profiles';
import { dlpAuditors } from './policy/dlp/auditors';
import { dlpDictionaries } from './policy/dlp/dictionaries';
import { dlpGroups } from './policy/dlp/groups';
import { dlpRules } from './policy/dlp/rules';
import { emailAllowList } from './policy/email/allowList';
import { emailAttachments } from './policy/email/attachments';
import { emailConfig } from './policy/email/config';
import { emailIsolation } from './policy/email/isolation';
import { emailUserLists } from './policy/email/userLists';
import { emailMobile } from './policy/email/mobile';
import { phishTargets } from './policy/email/phishTargets';
import { webExceptions } from './policy/web/exceptions';
import { appLinks } from './policy/web/appLinks';
import { webBandwidth } from './policy/web/bandwidth';
import { browserRules } from './policy/web/browserRules';
import { webCategories } from './policy/web/categories';
import { categoryExtension } from './policy/web/categoryExtension';
import { contentInspection } from './policy/web/contentInspection';
import { copyPaste } from './policy/web/copyPaste';
import { egressHeaders } from './policy/web/egressHeaders';
import { forensicsRules } from './policy/web/forensicsRules';
import { globalBrowserRules } from './policy/web/globalBrowserRules';
import { webGlobalExceptions } from './policy/web/globalExceptions';
import { globalInspectionExceptions } from './policy/web/globalInspectionExceptions';
import { inspectionExceptions } from './policy/web/inspectionExceptions';
import { runtimeAnalysis } from './policy/web/runtimeAnalysis';
import { webThreats } from './policy/web/threats';
import { watermark } from './policy/web/watermark';
import { sslBypass } from './policy/web/sslBypass';
import { browserConfigPolicies } from './posture/configPolicies';
import { dlpCustomization } from './customization/dlp';
import { emailCustomization } from './customization/email';
import { webCustomization } from './customization/web';
import { firewallFeeds } from './fwaas/feeds';
import { firewallRules } from './fwaas/rules';
import { firewallServices } from './fwaas/services';
import { appCatalog } from './privateAccess/appCatalog';
import { accessRules } from './privateAccess/accessRules';
import { connectorClusters } from './privateAccess/connectorClusters';
import { privateAccessSecurity } from './privateAccess/securityConfig';
import { auditLogs } from './logs/audit';
import { dlpLogs } from './logs/dlp';
import { emailLogs } from './logs/email';
import { firewallLogs } from './logs/fwaas_logs';
import { saaLogs } from './logs/saa_logs';
import { webLogs } from './logs/web';
import { dashboard } from './reports/dashboard';
import { reportScheduling } from './reports/scheduling';
import { revisionHistory } from './policy/revisionHistory';
import { createRegistry } from './registry';
import { sections } from './sections';
import { forensicProfiles } from './settings/forensicProfiles';
import { forensicViewer } from './settings/forensicViewer';
import { pacSettings } from './settings/pacSettings';
import { storageProfiles } from './settings/storageProfiles';
import { users } from './settings/users';
import { roles } from './settings/roles';
import { adminAccessControl } from './settings/tenant/adminAccessControl';
import { authSettings } from './settings/tenant/authSettings';
import { casbSettings } from './settings/tenant/casbSettings';
import { clientProfiles } from './settings/tenant/clientProfiles';
import { egressIps } from './settings/tenant/egressIps';
import { fixedEgress } from './settings/tenant/fixedEgress';
import { globalSettings } from './settings/tenant/globalSettings';
import { postureProfiles } from './settings/tenant/postureProfiles';
import { termsOfService } from './settings/tenant/termsOfService';
import { applianceAccess } from './appliance/access';
import { applianceCaCertificates } from './appliance/caCertificates';
import { applianceJobs } from './appliance/jobs';
import { applianceLicense } from './appliance/license';
import { managedSystems } from './appliance/managedSystems';
import { applianceLogging } from './appliance/logging';
import { applianceNetwork } from './appliance/network';
import { applianceRoutes } from './appliance/routes';
import { applianceSmtp } from './appliance/smtp';
import { applianceSslBump } from './appliance/sslBump';
import { applianceTime } from './appliance/time';
import { applianceTls } from './appliance/tls';

export const registry = createRegistry({
  sections,
  screens: [
    revisionHistory,
    webThreats,
    webCategories,
    categoryExtension,
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
    casbAppRules,
    casbProfiles,
    casbExceptions,
    casbAppDiscovery,
    webCustomization,
    emailCustomization,
    dlpCustomization,
    firewallRules,
    firewallServices,
    firewallFeeds,
    accessRules,
    appCatalog,
    connectorClusters,
    privateAccessSecurity,
    storageProfiles,
    forensicProfiles,
    forensicViewer,
    pacSettings,
    globalSettings,
    casbSettings,
    termsOfService,
    adminAccessControl,
    authSettings,
    egressIps,
    fixedEgress,
    clientProfiles,
    postureProfiles,
    browserConfigPolicies,
    webLogs,
    emailLogs,
    auditLogs,
    dlpLogs,
    firewallLogs,
    saaLogs,
    dashboard,
    reportScheduling,
    applianceNetwork,
    applianceRoutes,
    applianceTime,
    applianceSmtp,
    applianceLogging,
    applianceAccess,
    applianceTls,
    applianceSslBump,
    applianceCaCertificates,
    applianceLicense,
    applianceJobs,
    managedSystems,
    users,
    roles,
  ],
  operations: [
    ...Object.values(authOps),
    ...Object.values(policyOps),
    ...Object.values(settingsOps),
    ...Object.values(postureOps),
    ...logOperations,
    ...reportOperations,
    ...Object.values(applianceOps),
    ...Object.values(jobOps),
    ...Object.values(managerOps),
    ...Object.values(identityOps),
    ...Object.values(lookupOps),
    ...policyVariantOperations,
    ...Object.values(policyVariantOps),
    ...Object.values(tenantUtilOps),
    ...Object.values(providerOps),
  ],
});

/**
 * The server's hand-written modules, in start order: seeding first, so later start hooks find the demo tenants.
 * Adding a module is one line here (see server/CONTEXT.md).
 */
import type { ServerModule } from '../types';
import { applianceModule } from './appliance';
import { applianceManagerModule } from './applianceManager';
import { applianceSystemModule } from './applianceSystem';
import { applianceCertsModule } from './applianceCerts';
import { applianceUsersModule } from './applianceUsers';
import { authModule } from './auth';
import { casbInsightsModule } from './casbInsights';
import { connectivityModule } from './connectivity';
import { docsAndFilesModule } from './docsAndFiles';
import { identityModule } from './identity';
import { ingestModule } from './ingest';
import { jobsModule } from './jobs';
import { logsModule } from './logs';
import { parentRulesModule } from './parentRules';
import { lookupsModule, policyVariantsModule, tenantUtilsModule } from './lookups';
import { privateAccessModule } from './privateAccess';
import { policyModule } from './policy';
import { evaluateModule } from './evaluate';
import { postureModule } from './posture';
import { providerModule } from './provider';
import { providerFleetModule } from './providerFleet';
import { providerTenantModule } from './providerTenant';
import { providerNetworkModule } from './providerNetwork';
import { providerInsightsModule } from './providerInsights';
import { reportLookupsModule } from './reportLookups';
import { reportsModule } from './reports';
import { seedModule } from './seed';
import { settingsModule } from './settings';

export const serverModules: readonly ServerModule[] = [
  seedModule,
  authModule,
  policyModule,
  evaluateModule,
  settingsModule,
  postureModule,
  logsModule,
  reportsModule,
  lookupsModule,
  policyVariantsModule,
  tenantUtilsModule,
  reportLookupsModule,
  casbInsightsModule,
  parentRulesModule,
  docsAndFilesModule,
  privateAccessModule,
  applianceModule,
  jobsModule,
  applianceManagerModule,
  applianceSystemModule,
  applianceUsersModule,
  applianceCertsModule,
  connectivityModule,
  identityModule,
  ingestModule,
  providerModule,
  providerFleetModule,
  providerTenantModule,
  providerNetworkModule,
  providerInsightsModule,
];

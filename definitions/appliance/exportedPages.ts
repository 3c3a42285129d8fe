/**
 * The appliance settings pages a configuration export holds (and whose changes a diagnostics export lists), in the
 * export's order. The registry (definitions/index.ts) registers them from this list and the server's export reads it.
 */
import { applianceAccess } from './applianceAccess';
import { applianceAutoUpdates } from './applianceAutoUpdates';
import { applianceExports } from './applianceExports';
import { applianceLogging } from './applianceLogging';
import { applianceNetwork } from './applianceNetwork';
import { applianceRoutes } from './applianceRoutes';
import { applianceSmtp } from './applianceSmtp';
import { applianceSslBump } from './applianceSslBump';
import { applianceTime } from './applianceTime';
import { applianceTls } from './applianceTls';

export const exportedAppliancePages = [
  applianceNetwork,
  applianceRoutes,
  applianceTime,
  applianceSmtp,
  applianceLogging,
  applianceAccess,
  applianceTls,
  applianceSslBump,
  applianceAutoUpdates,
  applianceExports,
] as const;

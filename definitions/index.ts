/**
 * The registry: every section, screen and operation of the portal, listed once. Adding a policy area is one
 * definition file plus one line in `screens` below.
 */
import { authOperations } from './api/auth';
import { logOperations } from './api/logs';
import { policyOperations } from './api/policy';
import { postureOperations } from './api/posture';
import { reportOperations } from './api/reports';
import { settingsOperations } from './api/settings';
import { emailAllowList } from './policy/email/allowList';
import { webExceptions } from './policy/web/exceptions';
import { sslBypass } from './policy/web/sslBypass';
import { browserConfigPolicies } from './posture/configPolicies';
import { createRegistry } from './registry';
import { sections } from './sections';
import { forensicProfiles } from './settings/forensicProfiles';
import { forensicViewer } from './settings/forensicViewer';
import { pacSettings } from './settings/pacSettings';
import { storageProfiles } from './settings/storageProfiles';

export const registry = createRegistry({
  sections,
  screens: [
    sslBypass,
    webExceptions,
    emailAllowList,
    storageProfiles,
    forensicProfiles,
    forensicViewer,
    pacSettings,
    browserConfigPolicies,
  ],
  operations: [...authOperations, ...policyOperations, ...settingsOperations, ...postureOperations, ...logOperations, ...reportOperations],
});

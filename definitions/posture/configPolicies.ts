import { defineCoreScreen } from '../define';

/**
 * A list of stored policies with a JSON-schema form per policy: neither a single document nor a derivable layout, so
 * the engine's hand-written `browserConfigPolicies` view renders it from the posture operations.
 */
export const browserConfigPolicies = defineCoreScreen({
  id: 'browser-management.policies',
  title: 'Browser Configuration Policies',
  description:
    'Managed-browser configuration policies for Chrome and Edge on Windows, macOS and Linux. Each policy sets ' +
    'browser settings (password manager, Safe Browsing or SmartScreen, downloads, extensions, DNS over HTTPS, ' +
    'proxy and more) from the catalogue of its platform, browser and version; a setting left empty stays ' +
    'unconfigured. Select policies to delete several at once.',
  route: '/browser-management/policies',
  nav: { order: 10 },
  view: 'browserConfigPolicies',
  read: { any: ['browser_posture_management:read'] },
  write: { any: ['browser_posture_management:write'] },
});

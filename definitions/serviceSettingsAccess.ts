/**
 * Who may read and change the isolation-service settings of the Web and Safemail sections (spec 000 §2: setting:* or
 * settings_cmr:*). Where they are served comes from those sections' environment rules.
 */
export const serviceSettingsAccess = {
  read: { any: ['setting:read', 'settings_cmr:read'] },
  write: { any: ['setting:write', 'settings_cmr:write'] },
  tag: 'appliance services',
} as const;

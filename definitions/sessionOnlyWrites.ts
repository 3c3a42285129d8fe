/**
 * The only state-changing operations a session alone may call, each with why no permission guards it: they act on
 * the caller's own session, preferences or acceptance, or send a message, never on the tenant's configuration.
 * Every other POST, PUT, PATCH or DELETE names the permission that owns what it changes (checked by the registry
 * test and the API conformance suite).
 */
export const SESSION_ONLY_WRITES: Readonly<Record<string, string>> = {
  'auth.cookieRefresh': "Renews the caller's own session cookies; changes nothing else.",
  'dashboard.setApplianceManagerVersion': "The caller's own choice of appliance manager, stored for that user only.",
  'lookups.contactForm': 'Sends a request to the service provider; every user may ask for help.',
  'tenantUtils.acceptTos': "Records the caller's own acceptance of the Terms of Service, which each user must give.",
};

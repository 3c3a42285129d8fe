import { tenantUtilOps } from '../../api/tenantUtils';
import { actionForm, defineFormScreen, initialFrom } from '../../define';

export const samlServiceProvider = defineFormScreen({
  id: 'settings.saml-service-provider',
  title: 'SAML Service Provider',
  description:
    'What your SAML identity provider needs to know of the service: the service entity id, the address it posts ' +
    'its answers to, and the certificate the service signs its sign-in requests with. The identity provider\'s own ' +
    'values are set on User Authentication.',
  route: '/settings/saml-service-provider',
  nav: { group: 'Authentication', order: 30 },
  read: { any: ['settings:read'] },
  env: [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }],
  form: actionForm(tenantUtilOps.samlSigningCert, {
    initial: initialFrom(tenantUtilOps.samlSetting, {
      values: () => ({}),
      intro: (sp) => (sp.enabled ? `Users sign in at ${sp.idp_sso_url}.` : 'User Authentication does not use SAML yet.'),
      facts: (sp) => [
        { label: 'Service entity id', value: sp.entity_id },
        { label: 'Assertion consumer service', value: sp.acs_url },
        { label: 'Name id format', value: sp.name_id_format },
        { label: 'Signing certificate (SHA-256)', value: sp.signing_cert_fingerprint },
      ],
    }),
    submitLabel: 'Show the signing certificate',
    success: () => 'The signing certificate is shown below.',
    refused: 'The certificate could not be read',
    reveal: {
      field: 'cert',
      title: 'Request signing certificate',
      warning: 'Load it into your identity provider to check the service\'s signed requests. It is public; its key stays with the service.',
    },
  }),
});

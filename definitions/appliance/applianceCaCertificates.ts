import { defineCoreScreen } from '../define';
import { CA_CERTS_VIEW, applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceCaCertificates = defineCoreScreen({
  id: 'appliance.ca-certificates',
  title: 'CA Certificates',
  description:
    'Certificate authorities this appliance trusts besides the public ones, for example the CA of an internal ' +
    'proxy or of internal web sites. Upload one PEM certificate under a name; a file holding a private key, an ' +
    'expired or not yet valid certificate and text that is not a certificate are refused.',
  route: '/settings/certificates',
  nav: applianceNav(85),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  view: CA_CERTS_VIEW,
});

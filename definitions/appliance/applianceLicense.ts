import { LICENSE_VALIDATION_TIMEOUT_MS } from '../../schemas/constants';
import { applianceOps } from '../api/appliance';
import { systemOps } from '../api/applianceSystem';
import { actionForm, dateTimeText, defineFormScreen, initialFrom } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceLicense = defineFormScreen({
  id: 'appliance.license',
  title: 'Licence',
  description:
    'Install the licence string you received. The licence server checks it in a job that takes a few seconds; the ' +
    'licence is installed only when the check reports it valid, otherwise the reason is shown. The check gives up ' +
    'after 60 seconds.',
  route: '/settings/license',
  nav: applianceNav(90),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  form: actionForm(applianceOps.setLicense, {
    fields: {
      license_string: { widget: 'textarea', help: 'Paste the licence string exactly as you received it, such as ABCD-1234-EFGH-5678' },
      license: { widget: 'hidden' },
    },
    // The licence installed now, read again once an installation has finished.
    initial: initialFrom(systemOps.about, {
      values: () => ({}),
      intro: ({ license: l }) =>
        l.state === 'valid'
          ? `Installed now: a valid licence whose string ends in ${l.ends_with ?? '…'}${l.installed_at ? `, installed ${dateTimeText(l.installed_at)}` : ''}.`
          : 'No licence is installed yet.',
    }),
    submitLabel: 'Check and install',
    job: { kind: 'license', timeoutMs: LICENSE_VALIDATION_TIMEOUT_MS },
    success: () => 'The licence is valid and installed.',
    done: 'Licence installed',
    refused: 'The licence was not installed',
  }),
});

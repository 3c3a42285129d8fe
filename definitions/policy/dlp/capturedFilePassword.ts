import { dlpFilePassword } from '../../api/lookups';
import { actionForm, defineFormScreen } from '../../define';

// Design note: the spec names the call (GET dlp/file_password, the same password as auditor_profiles/file_password)
// but no screen. It sits with the DLP screens whose captures it opens; only DLP administrators may read it, so the
// screen is offered to them only.
export const capturedFilePassword = defineFormScreen({
  id: 'dlp.captured-file-password',
  title: 'Captured File Password',
  description:
    'The password of the archives in which files caught by DLP rules are kept and sent to auditors. The service makes ' +
    'it once for the tenant and keeps it; give it to the auditors who open the archives.',
  route: '/policy/dlp/captured-file-password',
  nav: { group: 'DLP', order: 47 },
  read: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  form: actionForm(dlpFilePassword, {
    submitLabel: 'Show the password',
    success: () => 'The password is shown below.',
    refused: 'The password could not be read',
    reveal: {
      field: 'password',
      title: 'Captured file password',
      warning: 'Anyone with this password can open the captured files: share it only with their auditors.',
    },
  }),
});

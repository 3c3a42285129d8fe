import { systemOps } from '../api/applianceSystem';
import { actionForm, defineFormScreen } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const appliancePassword = defineFormScreen({
  id: 'appliance.password',
  title: 'Your Password',
  description:
    'Change the password you sign in to this appliance with. Your current password is required; your other sessions ' +
    'end, this one goes on.',
  route: '/settings/password',
  nav: applianceNav(98),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  form: actionForm(systemOps.changePassword, {
    fields: { current_password: { widget: 'password' }, new_password: { widget: 'password', help: 'At least 8 characters' } },
    submitLabel: 'Change password',
    success: () => 'Your password is changed.',
    refused: 'The password was not changed',
  }),
});

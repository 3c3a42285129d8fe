import { applianceOps } from '../api/appliance';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { applianceEnv, applianceNav, applianceRead } from './common';

// Design note: the spec names the call (PUT dashboard/appliance_manager_version) but no screen. It is a choice of the
// signed-in administrator, kept beside their password.
export const applianceManagerChoice = defineFormScreen({
  id: 'appliance.manager-choice',
  title: 'Your Appliance Manager',
  description:
    'Whether you manage this appliance with the new appliance manager or the classic screens. The choice is yours ' +
    'alone: other administrators keep theirs.',
  route: '/settings/appliance-manager-choice',
  nav: applianceNav(99),
  read: applianceRead,
  env: applianceEnv,
  form: actionForm(applianceOps.setManagerVersion, {
    initial: initialFrom(applianceOps.userInfoV2, {
      values: (u) => ({ appliance_manager_ui_v2: u.appliance_manager_ui_v2 }),
      intro: (u) => `You use the ${u.appliance_manager_ui_v2 ? 'new appliance manager' : 'classic screens'} now.`,
    }),
    submitLabel: 'Save my choice',
    success: ({ appliance_manager_ui_v2 }) => `Your choice is saved: the ${appliance_manager_ui_v2 ? 'new appliance manager' : 'classic screens'}.`,
    refused: 'Your choice was not saved',
  }),
});

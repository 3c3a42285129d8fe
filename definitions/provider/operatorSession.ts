import { providerOps } from '../api/provider';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead } from './common';

// Design note: the spec names the call (POST session/extendkey) but no screen. An operator about to start a long task
// extends the session here rather than lose it midway.
export const operatorSession = defineFormScreen({
  id: 'provider.operator-session',
  title: 'Your session',
  description:
    'Your operator session ends after a time without activity. Extend it before a long task, such as a rollout or a ' +
    'bulk move of tenants, so that it does not end midway.',
  route: '/service/session',
  nav: { label: 'Your session', order: 90 },
  read: providerRead,
  form: actionForm(providerOps.extendKey, {
    initial: initialFrom(providerOps.me, {
      values: () => ({}),
      facts: (u) => [{ label: 'Signed in as', value: u.first_name || u.last_name ? `${u.first_name} ${u.last_name}`.trim() + ` (${u.username})` : u.username }],
    }),
    submitLabel: 'Extend my session',
    success: () => 'Your session is extended.',
    refused: 'Your session was not extended',
  }),
});

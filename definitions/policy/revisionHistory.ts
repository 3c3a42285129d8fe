/** The policy revision history (spec 000 §3 policy revision; audit actions publish and rollback): review, compare, roll back. */
import { POLICY_PUBLISH, POLICY_READ } from '../api/policy';
import { defineCoreScreen } from '../define';

/** The engine view that renders this screen. */
export const REVISION_HISTORY_VIEW = 'policy.revisions';

export const revisionHistory = defineCoreScreen({
  id: 'policy.revisions',
  title: 'Revision history',
  description:
    'Every published policy revision with who published it, when and why, and the areas it changed. Open a revision to ' +
    'see its changes, or roll back: its content is staged, then reviewed and published like any other change.',
  route: '/policy/revisions',
  nav: { label: 'Revision history', order: 0 },
  read: POLICY_READ,
  write: POLICY_PUBLISH,
  view: REVISION_HISTORY_VIEW,
});

import { contentVersion } from '../../api/lookups';
import { actionForm, defineFormScreen, initialFrom } from '../../define';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

// Design note: the spec names the call (GET content_version) but no screen. The version cannot be shown on the
// Content Inspection table itself, so it has this read-only page beside it; the button reads it again.
export const inspectionSignatures = defineFormScreen({
  id: 'web.inspection-signatures',
  title: 'Inspection Signatures',
  description:
    'The version of the signatures and content rules that content inspection scans files and documents with. The ' +
    'service keeps them up to date; give this version when you report a file that was judged wrongly.',
  route: '/policy/web/inspection-signatures',
  nav: { group: 'Web', order: 52 },
  read: { any: ['content_inspection:read'] },
  feature: 'content_inspection',
  form: actionForm(contentVersion, {
    initial: initialFrom(contentVersion, {
      values: () => ({}),
      facts: (a) => [
        { label: 'Signature version', value: a.version },
        { label: 'Updated', value: when(a.updated_at) },
      ],
    }),
    submitLabel: 'Check again',
    success: () => 'Checked: the version shown is the one in use.',
    refused: 'The version could not be read',
  }),
});

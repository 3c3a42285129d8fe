import { categoryVersion } from '../../api/lookups';
import { actionForm, defineFormScreen, initialFrom } from '../../define';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

// Design note: the spec names the call (GET category_version with a timestamp) but no screen. The version cannot be
// shown on the Categories table itself, so it has this read-only page beside it; the button reads it again.
export const categoryDatabase = defineFormScreen({
  id: 'web.category-database',
  title: 'Category Database',
  description:
    'The version of the database that sorts web sites into the categories your rules name. The service keeps it up ' +
    'to date; when a site seems to be in the wrong category, give this version in your request to your service provider.',
  route: '/policy/web/category-database',
  nav: { group: 'Web', order: 14 },
  read: { any: ['web_policy:read'] },
  form: actionForm(categoryVersion, {
    initial: initialFrom(categoryVersion, {
      values: () => ({}),
      facts: (a) => [
        { label: 'Category database version', value: a.version },
        { label: 'Updated', value: when(a.updated_at) },
      ],
    }),
    submitLabel: 'Check again',
    success: () => 'Checked: the version shown is the one in use.',
    refused: 'The version could not be read',
  }),
});

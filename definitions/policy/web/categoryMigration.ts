import { categoryMigration as saveMigration, categoryMigrationState } from '../../api/lookups';
import { actionForm, dateTimeText, defineFormScreen, initialFrom } from '../../define';

// Design note: the spec names the call (PUT category_migration) but no screen; it sits beside Extended Categories,
// whose categories replace the former ones, with the same sub-permission (the category list the policy uses).
export const categoryMigration = defineFormScreen({
  id: 'web.category-migration',
  title: 'Category Migration',
  description:
    'Whether rules that name a former category also apply to the extended category that replaced it (for example ' +
    'Generative AI sites that used to be categorised otherwise), so rules keep matching the same sites. This is a ' +
    'tenant setting: it takes effect when saved, without publishing.',
  route: '/policy/web/category-migration',
  nav: { group: 'Web', order: 17 },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write:webroot_cats'] },
  form: actionForm(saveMigration, {
    fields: { migrate: { label: 'Rules naming a former category also apply to its extended category' } },
    initial: initialFrom(categoryMigrationState, {
      values: (a) => ({ migrate: a.migrate }),
      intro: (a) =>
        a.updated_at && a.updated_by ? `Last changed by ${a.updated_by} on ${dateTimeText(a.updated_at)}.` : 'Never changed: rules match only the categories they name.',
    }),
    submitLabel: 'Save',
    success: (v) => (v.migrate ? 'Rules now also apply to the extended categories.' : 'Rules now apply only to the categories they name.'),
    refused: 'Not saved',
  }),
});

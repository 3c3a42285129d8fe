import { CategoryExtensionDocument } from '../../../schemas/areas/webCategories';
import { categoryExtensionMap } from '../../api/lookups';
import { definePolicyArea, screenFacts } from '../../define';

export const categoryExtension = definePolicyArea({
  id: 'web.category-extension',
  title: 'Extended Categories',
  // Design note: Saved as categories_85_to_88.enable (spec 000 §7).
  description:
    'Whether the web policy uses the categories of the extended category list (Generative AI, Cryptocurrency, ' +
    'Newly Observed Domains); when off, their sites keep their former categories.',
  route: '/policy/web/category-extension',
  facts: screenFacts(categoryExtensionMap, {
    label: 'Extended categories',
    facts: (a) => a.map.map((c) => ({ label: c.label, value: c.former.length ? `was ${c.former.map((f) => f.label).join(', ')}` : 'new category' })),
  }),
  nav: { group: 'Web', order: 16 },
  endpoint: { path: '/api/policy/v1/cats/extension/{rev}' },
  schema: CategoryExtensionDocument,
  layout: { kind: 'form' },
  read: { any: ['web_policy:read'] },
  // The webroot_cats sub-permission of spec 000 §6: which category list the policy uses, as opposed to the actions
  // per category (categories). Met by web_policy:write, refused by a deny of web_policy:write:webroot_cats.
  write: { any: ['web_policy:write:webroot_cats'] },
  tag: 'web policy',
});

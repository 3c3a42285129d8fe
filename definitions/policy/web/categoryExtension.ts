import { CategoryExtensionDocument } from '../../../schemas/areas/webCategories';
import { definePolicyArea } from '../../define';

export const categoryExtension = definePolicyArea({
  id: 'web.category-extension',
  title: 'Extended Categories',
  // Design note: Saved as categories_85_to_88.enable (spec 000 §7).
  description:
    'Whether the web policy uses the categories of the extended category list (Generative AI, Cryptocurrency, ' +
    'Newly Observed Domains); when off, their sites keep their former categories.',
  route: '/policy/web/category-extension',
  nav: { group: 'Web', order: 16 },
  endpoint: { path: '/api/policy/v1/cats/extension/{rev}' },
  schema: CategoryExtensionDocument,
  layout: { kind: 'form' },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write:categories'] },
  tag: 'web policy',
});

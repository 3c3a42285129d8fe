import { CategoryExtensionDocument } from '../../../schemas/areas/webCategories';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const categoryExtension = definePolicyArea({
  id: 'web.category-extension',
  title: 'Extended Categories',
  description:
    'Whether the web policy uses the categories of the extended category list (Generative AI, Cryptocurrency, Newly ' +
    'Observed Domains); off, their sites keep their former categories. Body key categories_85_to_88.enable (spec 000 §7).',
  route: '/policy/web/category-extension',
  nav: { group: 'Web', order: 16 },
  endpoint: { path: '/api/policy/v1/rules/cats/extension/{rev}' },
  schema: CategoryExtensionDocument,
  layout: { kind: 'form' },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write:categories'] },
  env: policyEnv,
  tag: 'web policy',
});

import { WEB_CATEGORY_LABELS, WebCategoriesDocument } from '../../../schemas/areas/webCategories';
import { categoryVersion } from '../../api/lookups';
import { dateTimeText, definePolicyArea, screenFacts } from '../../define';
import { WEB_DECISION_PRECEDENCE } from '../evaluation';


export const webCategories = definePolicyArea({
  id: 'web.categories',
  title: 'Categories',
  description:
    'The action for each web category: allow, isolate or block, optionally only for uploads or downloads. ' +
    'Categories not listed follow the default web policy; each category is listed at most once. The hidden category ' +
    '"Private Access" is not offered and is refused.',
  route: '/policy/web/categories',
  nav: { group: 'Web', order: 15 },
  endpoint: { path: '/api/policy/v1/rules/cats/{rev}' },
  schema: WebCategoriesDocument,
  // The version of the database that sorts sites into these categories (spec: GET category_version): the version to
  // give the service provider when a site seems to be in the wrong category.
  facts: screenFacts(categoryVersion, {
    label: 'Category database version',
    facts: (a) => [
      { label: 'Category database version', value: a.version },
      { label: 'updated', value: dateTimeText(a.updated_at) },
    ],
  }),
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'category', format: 'enumLabel', flex: 2, sortable: true },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'transferDirection', label: 'Direction', format: 'enumLabel' },
      { field: 'comment', flex: 2 },
    ],
    rowFields: { id: { widget: 'hidden' }, action: { widget: 'segmented' }, comment: { widget: 'textarea' } },
    newRow: { action: 'safeview', transferDirection: 'all', comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:categories.
  write: { any: ['web_policy:write:categories'] },
  tag: 'web policy',
  evaluation: {
    lists: [
      {
        id: 'list',
        title: 'Category actions',
        rows: 'list',
        name: 'category',
        names: WEB_CATEGORY_LABELS,
        order: { byAction: WEB_DECISION_PRECEDENCE },
        conditions: [
          { field: 'category', label: 'Category', kind: 'oneOf', attribute: 'categories' },
          { field: 'transferDirection', label: 'Transfer direction', kind: 'direction', attribute: 'direction', any: 'all' },
        ],
        action: { field: 'action' },
        decides: 'web',
        tier: 30,
      },
    ],
    choices: [
      'A site in several categories gets the strictest of their actions: block, then isolate, then allow.',
      'Categories are consulted after the bypass entries and web exceptions, together with the SaaS application rules; the stricter action of the two decides.',
      'A transfer direction other than All applies only to requests that upload or download a file.',
    ],
  },
});

/** What the screens of the parent tenant's rules share: their navigation group, columns and empty text. */
import type { CollectionColumn } from '../../define';

export const PARENT_NAV = { group: 'Parent Tenant' } as const;

/** Shown when no tenant manages this one or the managing tenant has published no such rule. */
export const PARENT_EMPTY = 'No rule comes from a managing tenant: none manages this tenant, or it has published no such rule.';

export const parentRuleColumns = [
  { field: 'position', label: 'Evaluated', format: 'enumLabel', colors: { pre: 'blue', post: 'violet' }, sortable: true },
  { field: 'name', flex: 2, sortable: true },
  { field: 'action', format: 'enumLabel', sortable: true },
  { field: 'enabled', format: 'boolean', center: true },
] as const satisfies readonly CollectionColumn<'position' | 'name' | 'action' | 'enabled'>[];

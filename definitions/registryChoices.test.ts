/** The registry refuses a row action's own path parameter that its operation lacks, and a string choice list that holds no strings. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { actionForm, defineCollection, defineOperation, stringChoicesFrom } from './define';
import { createRegistry } from './registry';

const base = { access: 'session', tag: 't' } as const;
const list = defineOperation({ ...base, id: 'fx.list', method: 'GET', path: '/fx', summary: 'l', response: z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }) });
const remove = defineOperation({ ...base, id: 'fx.remove', method: 'DELETE', path: '/fx/{name}', summary: 'r', params: z.strictObject({ name: z.string() }), response: z.object({}) });
const names = defineOperation({ ...base, id: 'fx.names', method: 'GET', path: '/fx/names', summary: 'n', response: z.object({ names: z.array(z.string()), counts: z.array(z.number()) }) });
const reset = defineOperation({ ...base, id: 'fx.reset', method: 'POST', path: '/fx/reset/{name}', summary: 'x', params: z.strictObject({ name: z.string() }), response: z.object({}) });

function registry(param: string, source: 'names' | 'counts') {
  const screen = defineCollection({
    id: 'settings.fx',
    title: 'Fx',
    description: 'd',
    route: '/settings/fx',
    read: { any: ['*:*'] },
    operations: { list },
    items: 'items',
    itemKey: 'id',
    columns: ['name'],
    rowActions: (action) => [action(remove, { id: 'delete', label: 'Delete', param: param as 'name', success: () => 'ok' })],
    form: actionForm(reset, {
      choices: { name: source === 'names' ? stringChoicesFrom(names, 'names') : ({ ...stringChoicesFrom(names, 'names'), list: 'counts' } as never) },
      submitLabel: 'Reset',
      success: () => 'ok',
      refused: 'no',
    }),
  });
  return createRegistry({ sections: [{ kind: 'section', id: 'settings', title: 'S', route: '/settings', order: 1 }], screens: [screen], operations: [list, remove, names, reset] });
}

describe('registry checks of row-action parameters and string choices', () => {
  it('accepts a row action naming its operation’s path parameter and choices from a list of strings', () => {
    expect(() => registry('name', 'names')).not.toThrow();
  });
  it('refuses a parameter the operation lacks, and a string choice list of numbers', () => {
    expect(() => registry('nom', 'names')).toThrow(/sends the row's key as nom, which is no path parameter of fx\.remove/);
    expect(() => registry('name', 'counts')).toThrow(/takes choices from fx\.names counts/);
  });
});

/**
 * The typed handler contract, checked by the compiler (`npx tsc -p .`): each `@ts-expect-error` marks a mistake
 * that must not compile (an unused one fails the type check). The runtime tests check what the bindings hold.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation, type OperationDef } from '../definitions/define';
import { registry } from '../definitions/index';
import { resolveHandlers } from './mount';
import { serverModules } from './modules/index';
import { implement, implementAll, type OperationContext } from './types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const base = { summary: 'x', access: 'session', tag: 'test' } as const;
const group = {
  read: defineOperation({
    ...base,
    id: 'ct.read',
    method: 'GET',
    path: '/api/ct/{id}',
    params: z.strictObject({ id: z.coerce.number().int() }),
    query: z.strictObject({ full: z.boolean().default(false) }),
    response: z.object({ id: z.number(), name: z.string() }),
  }),
  rename: defineOperation({
    ...base,
    id: 'ct.rename',
    method: 'PUT',
    path: '/api/ct/{id}/name',
    body: z.strictObject({ name: z.string() }),
    response: z.object({ ok: z.boolean() }),
  }),
} as const;

// ---- what a handler receives --------------------------------------------------------------------------------------

type ReadCtx = OperationContext<typeof group.read>;
type RenameCtx = OperationContext<typeof group.rename>;
export type Inferred = [
  Expect<Equal<ReadCtx['params'], { id: number }>>,
  Expect<Equal<ReadCtx['query'], { full: boolean }>>,
  Expect<Equal<ReadCtx['body'], Record<string, never>>>,
  Expect<Equal<RenameCtx['body'], { name: string }>>,
  Expect<Equal<RenameCtx['params'], Record<string, never>>>,
];

// ---- mistakes that must not compile -------------------------------------------------------------------------------

/** Never called: it only has to compile, with every mistake refused where it is marked. */
export function mistakes(): unknown[] {
  return [
    // @ts-expect-error a group operation without a handler
    implementAll(group, { read: async (ctx) => ({ id: ctx.params.id, name: 'n' }) }),
    implementAll(group, {
      read: async (ctx) => ({ id: ctx.params.id, name: 'n' }),
      rename: async () => ({ ok: true }),
      // @ts-expect-error a handler for an operation the group does not have
      remove: async () => ({ ok: true }),
    }),
    implementAll(group, {
      // @ts-expect-error an answer of the wrong shape (name missing)
      read: async (ctx) => ({ id: ctx.params.id }),
      rename: async () => ({ ok: true }),
    }),
    implementAll(group, {
      read: async (ctx) => ({ id: ctx.params.id, name: 'n' }),
      // @ts-expect-error an answer field of the wrong type
      rename: async () => ({ ok: 'yes' }),
    }),
    implementAll(group, {
      read: async (ctx) => ({ id: ctx.params.id, name: 'n' }),
      // @ts-expect-error a body field the operation's body schema does not have
      rename: async (ctx) => ({ ok: ctx.body.nmae === '' }),
    }),
    // @ts-expect-error a body where the operation has none
    implement(group.read, async (ctx) => ({ id: ctx.params.id, name: ctx.body.name })),
    // @ts-expect-error a parameter used with the wrong type (id is a number)
    implement(group.read, async (ctx) => ({ id: 0, name: ctx.params.id.toUpperCase() })),
  ];
}

describe('the handler contract', () => {
  it('binds every operation of a group to its own handler', async () => {
    const bound = implementAll(group, {
      read: async () => ({ id: 1, name: 'read' }),
      rename: async () => ({ ok: true }),
    });
    expect(bound.map((b) => b.op.id)).toEqual(['ct.read', 'ct.rename']);
    // The handlers ignore their context: only which handler answers is under test.
    const answers = await Promise.all(bound.map((b) => b.handle({} as OperationContext<OperationDef>)));
    expect(answers).toEqual([{ id: 1, name: 'read' }, { ok: true }]);
  });

  it('gives every operation of the portal registry exactly one handler', () => {
    const handlers = resolveHandlers(registry, serverModules);
    expect([...handlers.keys()].sort()).toEqual(registry.operations.map((o) => o.id).sort());
  });
});

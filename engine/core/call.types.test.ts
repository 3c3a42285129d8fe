/** Type-level tests of typed calls: a wrong body, a missing parameter or a wrong use of the answer does not compile. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineOperation, type OperationDef } from '../../definitions/define';
import { typedCall, type CallFn } from './call';

const saveHost = defineOperation({
  id: 'test.saveHost',
  method: 'PUT',
  path: '/api/test/hosts/{id}',
  summary: 'Save a host',
  params: z.object({ id: z.string() }),
  body: z.object({ host: z.string(), port: z.number().optional() }),
  response: z.object({ id: z.string(), updated_at: z.string() }),
  access: 'session',
  tag: 'test',
});
const listHosts = defineOperation({
  id: 'test.listHosts',
  method: 'GET',
  path: '/api/test/hosts',
  summary: 'List hosts',
  query: z.object({ q: z.string().optional() }),
  response: z.object({ items: z.array(z.object({ id: z.string() })) }),
  access: 'session',
  tag: 'test',
});

const sent: unknown[] = [];
const transport: CallFn = async (id, input) => {
  sent.push([id, input]);
  return id === saveHost.id ? { id: 'h1', updated_at: 'now' } : { items: [] };
};
const call = typedCall(transport);

describe('typed calls', () => {
  it('infer the input and the answer from the operation', async () => {
    const saved = await call(saveHost, { params: { id: 'h1' }, body: { host: 'example.com' } });
    expectTypeOf(saved).toEqualTypeOf<{ id: string; updated_at: string }>();
    expectTypeOf(call(listHosts)).resolves.toEqualTypeOf<{ items: { id: string }[] }>();
    expect(sent[0]).toEqual(['test.saveHost', { params: { id: 'h1' }, body: { host: 'example.com' } }]);
  });

  it('refuse a wrong body, a missing parameter and a wrong use of the answer', async () => {
    // @ts-expect-error the body's host must be a string
    await call(saveHost, { params: { id: 'h1' }, body: { host: 1 } });
    // @ts-expect-error the path parameter is required
    await call(saveHost, { body: { host: 'example.com' } });
    // @ts-expect-error a body field the operation does not take
    await call(saveHost, { params: { id: 'h1' }, body: { host: 'example.com', hots: 'x' } });
    // @ts-expect-error an operation without a body takes none
    await call(listHosts, { body: {} });
    const saved = await call(saveHost, { params: { id: 'h1' }, body: { host: 'example.com' } });
    // @ts-expect-error the answer has no such field
    void saved.updatedAt;
    // @ts-expect-error the answer's id is a string, not a number
    const n: number = saved.id;
    void n;
  });

  it('give an operation known only as an OperationDef a loose input and an unknown answer', () => {
    const wide: OperationDef = saveHost;
    expectTypeOf(call(wide, { params: { id: 'h1' }, body: {} })).resolves.toEqualTypeOf<unknown>();
  });
});

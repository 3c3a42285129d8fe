import { describe, expect, it, vi } from 'vitest';
import type { PolicyRevision } from '../../schemas/policy';
import type { CallInput } from './http';
import { createRevisionStore, saveStamp, type CallFn } from './revision';

const staged: PolicyRevision = { staged_rev_id: 8, rev_id: 7, state: 'staged', updated_at: '2025-01-01T00:00:00.000Z' };
const published: PolicyRevision = { ...staged, state: 'published' };

function fakeServer(initial: PolicyRevision) {
  let revision = initial;
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'policy.publish') revision = { staged_rev_id: revision.staged_rev_id + 1, rev_id: revision.staged_rev_id, state: 'published', updated_at: revision.updated_at };
    if (id === 'policy.rollback') revision = { ...revision, state: 'staged' };
    return revision;
  }) as unknown as CallFn;
  return { call, calls, set: (r: PolicyRevision) => (revision = r) };
}

describe('revision store', () => {
  it('loads once for concurrent callers and binds the staged revision into path parameters', async () => {
    const server = fakeServer(staged);
    const store = createRevisionStore(server.call);
    expect(() => store.bindRevision()).toThrow(/not loaded/);
    await Promise.all([store.ensure(), store.ensure()]);
    expect(server.calls).toEqual([['policy.revision', {}]]);
    expect(store.bindRevision({ area: 'x' })).toEqual({ area: 'x', rev: 8 });
  });

  it('publishes with a POST of the staged revision when its state is staged', async () => {
    const server = fakeServer(staged);
    const store = createRevisionStore(server.call);
    await store.load();
    const after = await store.publish();
    expect(server.calls[1]).toEqual(['policy.publish', { params: { rev: 8 } }]);
    expect(after.state).toBe('published');
    expect(store.getState().revision?.state).toBe('published');
  });

  it('sends the change reason with the publish', async () => {
    const server = fakeServer(staged);
    const store = createRevisionStore(server.call);
    await store.publish('Reviewed by the security team');
    expect(server.calls.at(-1)).toEqual(['policy.publish', { params: { rev: 8 }, body: { reason: 'Reviewed by the security team' } }]);
  });

  it('rolls back to a published revision and holds the staged revision it answers', async () => {
    const server = fakeServer(published);
    const store = createRevisionStore(server.call);
    await store.load();
    await expect(store.rollback(5)).resolves.toMatchObject({ state: 'staged' });
    expect(server.calls.at(-1)).toEqual(['policy.rollback', { params: { rev: 5 } }]);
    expect(store.getState().revision?.state).toBe('staged');
  });

  it('does nothing on publish when the state is not staged', async () => {
    const server = fakeServer(published);
    const store = createRevisionStore(server.call);
    await store.load();
    await expect(store.publish()).resolves.toEqual(published);
    expect(server.calls.map(([id]) => id)).toEqual(['policy.revision']);
  });

  it('after a save, takes the revision from the stamp the save answered, without reading it again', async () => {
    const server = fakeServer(published);
    const store = createRevisionStore(server.call);
    await store.load();
    store.afterSave({ rev_id: 8, state: 'staged', updated_at: '2025-02-01T00:00:00.000Z' });
    expect(store.getState().revision).toEqual({ staged_rev_id: 8, rev_id: 7, state: 'staged', updated_at: '2025-02-01T00:00:00.000Z' });
    expect(server.calls.map(([id]) => id)).toEqual(['policy.revision']);
  });

  it('keeps the load error as a value in the state', async () => {
    const store = createRevisionStore((async () => {
      throw new Error('User not authorized');
    }) as CallFn);
    await expect(store.load()).rejects.toThrow();
    expect(store.getState()).toMatchObject({ loading: false, error: 'User not authorized' });
  });

  it('takes the save stamp from the loaded document', () => {
    const envelope = { list: [{ id: 'a' }], rev_id: 8, state: 'staged' as const, updated_at: staged.updated_at };
    expect(saveStamp(envelope)).toEqual({ rev_id: 8, state: 'staged', updated_at: staged.updated_at });
  });
});

import { describe, expect, it } from 'vitest';
import { InsertGatherer } from './gather';

/** An insert that records its lines and ends when the test says. */
function controlledInsert() {
  const calls: { lines: readonly string[]; end: (error?: Error) => void }[] = [];
  const insert = (lines: readonly string[]) =>
    new Promise<void>((resolve, reject) => calls.push({ lines, end: (error) => (error ? reject(error) : resolve()) }));
  return { calls, insert };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const batch = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name}${i}`);

describe('the insert gatherer', () => {
  it('inserts a batch alone at once, and the batches sent while its slots are busy together in the next insert', async () => {
    const { calls, insert } = controlledInsert();
    const g = new InsertGatherer(insert, 2);
    const done: string[] = [];
    const send = (name: string, n: number) => g.add(batch(name, n)).then(() => void done.push(name));
    const sent = [send('a', 1), send('b', 2), send('c', 3), send('d', 1), send('e', 2)];
    await settle();
    expect(calls.map((c) => c.lines)).toEqual([['a0'], ['b0', 'b1']]);
    calls[1]!.end();
    await settle();
    // b is answered once its insert succeeded; c, d and e share the next one.
    expect(done).toEqual(['b']);
    expect(calls[2]!.lines).toEqual([...batch('c', 3), ...batch('d', 1), ...batch('e', 2)]);
    calls[2]!.end();
    calls[0]!.end();
    await Promise.all(sent);
    expect(done.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(calls).toHaveLength(3);
  });

  it('fails every batch of a failed insert with its error, and only those', async () => {
    const { calls, insert } = controlledInsert();
    const g = new InsertGatherer(insert, 1);
    const a = g.add(['a']);
    const b = g.add(['b']);
    const c = g.add(['c']);
    await settle();
    calls[0]!.end();
    await settle();
    calls[1]!.end(new Error('shard 2 did not answer'));
    await expect(a).resolves.toBeUndefined();
    await expect(b).rejects.toThrow('shard 2 did not answer');
    await expect(c).rejects.toThrow('shard 2 did not answer');
    const d = g.add(['d']);
    await settle();
    expect(calls[2]!.lines).toEqual(['d']);
    calls[2]!.end();
    await expect(d).resolves.toBeUndefined();
  });

  it('keeps an insert within its line limit, and sends a larger batch alone', async () => {
    const { calls, insert } = controlledInsert();
    const g = new InsertGatherer(insert, 1, 5);
    const sent = [g.add(batch('a', 1)), g.add(batch('b', 3)), g.add(batch('c', 2)), g.add(batch('d', 7)), g.add(batch('e', 2))];
    for (let i = 0; i < 4; i++) {
      await settle();
      calls[i]!.end();
    }
    await Promise.all(sent);
    // a alone (the slot was free), b and c together (5 lines), d alone (7), then e.
    expect(calls.map((c) => c.lines.length)).toEqual([1, 5, 7, 2]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { accessStampTransition, createAccessStamp, initialAccessStamp, type AccessStampState } from './accessStamp';

const known = (stamp: string): AccessStampState => ({ phase: 'known', stamp });

describe('access stamp transitions', () => {
  it('keeps the first stamp of a session without a read, signed in or not', () => {
    expect(initialAccessStamp).toEqual({ phase: 'unknown' });
    expect(accessStampTransition(initialAccessStamp, { type: 'stamp', stamp: 'a', signedIn: true })).toEqual({ state: known('a'), reread: false });
    expect(accessStampTransition(initialAccessStamp, { type: 'stamp', stamp: 'a', signedIn: false })).toEqual({ state: known('a'), reread: false });
  });

  it('the same stamp changes nothing; another one is kept and, when signed in, reads the user again', () => {
    const s = known('a');
    expect(accessStampTransition(s, { type: 'stamp', stamp: 'a', signedIn: true })).toEqual({ state: s, reread: false });
    expect(accessStampTransition(s, { type: 'stamp', stamp: 'b', signedIn: true })).toEqual({ state: known('b'), reread: true });
    expect(accessStampTransition(s, { type: 'stamp', stamp: 'b', signedIn: false })).toEqual({ state: known('b'), reread: false });
  });

  it('forgets the stamp at sign-out', () => {
    expect(accessStampTransition(known('a'), { type: 'signedOut' })).toEqual({ state: initialAccessStamp, reread: false });
  });
});

describe('createAccessStamp', () => {
  function setup() {
    const reads: (() => void)[] = [];
    const reread = vi.fn(() => new Promise<void>((resolve) => reads.push(resolve)));
    let signedIn = true;
    const stamp = createAccessStamp({ signedIn: () => signedIn, reread });
    return { stamp, reread, reads, signOut: () => (signedIn = false) };
  }

  it('reads the user once at a time: stamps that change during a read join it', async () => {
    const { stamp, reread, reads } = setup();
    stamp.note('a');
    expect(reread).not.toHaveBeenCalled();
    stamp.note('b');
    stamp.note('c');
    expect(reread).toHaveBeenCalledTimes(1);
    expect(stamp.getState()).toEqual(known('c'));
    reads[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    stamp.note('d');
    expect(reread).toHaveBeenCalledTimes(2);
  });

  it('after sign-out the next stamp is the first of a session', () => {
    const { stamp, reread } = setup();
    stamp.note('a');
    stamp.signedOut();
    expect(stamp.getState()).toEqual(initialAccessStamp);
    stamp.note('b');
    expect(reread).not.toHaveBeenCalled();
  });

  it('reads nothing while signed out', () => {
    const { stamp, reread, signOut } = setup();
    stamp.note('a');
    signOut();
    stamp.note('b');
    expect(reread).not.toHaveBeenCalled();
    expect(stamp.getState()).toEqual(known('b'));
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http';
import { createTerms, termsAfterRead, type TermsRead, type TermsState } from './terms';

const read = (version: number, must_accept = true): TermsRead => ({ title: 'Use policy', text: `Terms v${version}`, version, must_accept });
const required = (version: number): TermsState => ({ title: 'Use policy', text: `Terms v${version}`, version });

describe('termsAfterRead', () => {
  it('requires the terms the read says must be accepted, keeping what the dialog shows and accepts', () => {
    expect(termsAfterRead(read(1))).toEqual(required(1));
  });

  it('requires nothing when they need not be accepted, or there was no read', () => {
    expect(termsAfterRead(read(1, false))).toBeUndefined();
    expect(termsAfterRead(undefined)).toBeUndefined();
  });
});

describe('createTerms', () => {
  /** A server with the tenant's current terms and the version this user accepted last. */
  function setup(initial: TermsState = undefined) {
    const server = { version: 1, accepted: 0 };
    const readTerms = vi.fn(async (_quiet: boolean) => read(server.version, server.accepted !== server.version));
    const accept = vi.fn(async (version: number) => {
      if (version !== server.version) throw new ApiError(409, 'Not the current version.');
      server.accepted = version;
    });
    let state = initial;
    const set = vi.fn((next: TermsState) => void (state = next));
    const terms = createTerms({ read: readTerms, accept, get: () => state, set });
    return { terms, server, readTerms, accept, set, state: () => state };
  }

  it('reads the terms to accept, passing on whether a 401 is left to the user read beside it', async () => {
    const { terms, readTerms } = setup();
    await expect(terms.read(true)).resolves.toEqual(required(1));
    expect(readTerms).toHaveBeenLastCalledWith(true);
    await terms.read();
    expect(readTerms).toHaveBeenLastCalledWith(false);
  });

  it('a failed read, or none configured, asks for nothing rather than locking the user out', async () => {
    const { terms, readTerms } = setup();
    readTerms.mockRejectedValueOnce(new ApiError(500, 'down'));
    await expect(terms.read(true)).resolves.toBeUndefined();
    const none = createTerms({ read: undefined, accept: undefined, get: () => undefined, set: vi.fn() });
    await expect(none.read(true)).resolves.toBeUndefined();
  });

  it('accepts the required version, then reads again: nothing more to accept', async () => {
    const { terms, accept, readTerms, server, state } = setup(required(1));
    await terms.accept();
    expect(accept).toHaveBeenCalledWith(1);
    expect(readTerms).toHaveBeenLastCalledWith(false);
    expect(server.accepted).toBe(1);
    expect(state()).toBeUndefined();
  });

  it('shows the newer terms when they changed while the dialog was open (409)', async () => {
    const { terms, server, state } = setup(required(1));
    server.version = 3;
    await terms.accept();
    expect(state()).toEqual(required(3));
    expect(server.accepted).toBe(0);
  });

  it('any other failure of the accept call is thrown, and the terms stay', async () => {
    const { terms, accept, readTerms, set, state } = setup(required(1));
    accept.mockRejectedValueOnce(new ApiError(500, 'down'));
    await expect(terms.accept()).rejects.toThrow('down');
    expect(readTerms).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
    expect(state()).toEqual(required(1));
  });

  it('accepts nothing when nothing is required, or the deployment has no accept call', async () => {
    const a = setup();
    await a.terms.accept();
    expect(a.accept).not.toHaveBeenCalled();
    expect(a.set).not.toHaveBeenCalled();
    const set = vi.fn();
    const noAccept = createTerms({ read: async () => read(1), accept: undefined, get: () => required(1), set });
    await noAccept.accept();
    expect(set).not.toHaveBeenCalled();
  });
});

/**
 * Terms of service: the terms a signed-in user must accept before using the portal. The state is the
 * session state's `termsToAccept`, so that the sign-in and its terms reach the page in one change:
 *
 *   (read) --must_accept--> required(terms) | --not, or the read failed (never locks the user out)--> none
 *   required --accept answered, or 409 (the terms changed meanwhile)--> read again
 *   required --accept failed otherwise--> required (the error is thrown to the dialog)
 *   none --accept--> none (no call)
 */
import { isApiError } from '../http';

/** The part of the terms-of-service read the session keeps: what the acceptance dialog shows and accepts. */
export interface TermsToAccept {
  readonly title: string;
  readonly text: string;
  readonly version: number;
}

/** What the terms-of-service read answers. */
export interface TermsRead extends TermsToAccept {
  readonly must_accept: boolean;
}

/** required: the terms to accept; none (undefined): none configured, terms off, accepted, or unreadable. */
export type TermsState = TermsToAccept | undefined;

/** The state a read leads to (undefined: no read, or it failed). */
export function termsAfterRead(read: TermsRead | undefined): TermsState {
  return read?.must_accept ? { title: read.title, text: read.text, version: read.version } : undefined;
}

export interface TermsDeps {
  /** The read, absent where the deployment has none; `quiet`: a 401 is left to the user read beside it. */
  readonly read: ((quiet: boolean) => Promise<TermsRead>) | undefined;
  /** The accept call, absent where the deployment has none. */
  readonly accept: ((version: number) => Promise<unknown>) | undefined;
  /** Where the state lives (the session state's `termsToAccept`). */
  readonly get: () => TermsState;
  readonly set: (next: TermsState) => void;
}

export interface Terms {
  /** The state a read now leads to; a failed read leads to none. */
  read(quiet?: boolean): Promise<TermsState>;
  /** Accepts the required terms, then reads them again (a 409 too: the newer terms are shown). */
  accept(): Promise<void>;
}

export function createTerms(deps: TermsDeps): Terms {
  async function read(quiet = false): Promise<TermsState> {
    if (!deps.read) return undefined;
    try {
      return termsAfterRead(await deps.read(quiet));
    } catch {
      return undefined;
    }
  }
  return {
    read,
    async accept() {
      const terms = deps.get();
      if (!terms || !deps.accept) return;
      try {
        await deps.accept(terms.version);
      } catch (e) {
        if (!(isApiError(e) && e.status === 409)) throw e;
      }
      deps.set(await read());
    },
  };
}

/**
 * The policy revision (spec 000 §3–§4): policy documents are read and saved at the staged revision, every save
 * carries the document's stamp, and publish posts the staged revision only while its state is "staged".
 */
import type { PolicyRevision, RevisionStamp } from '../../schemas/policy';
import { createApiClient } from '../generated/client.gen';
import type { CallFn } from './call';
import { createStore, type Store } from './store';

export type { CallFn } from './call';

export interface RevisionStoreState {
  readonly revision: PolicyRevision | undefined;
  readonly loading: boolean;
  readonly publishing: boolean;
  readonly error: string | undefined;
}

export interface RevisionStore extends Store<RevisionStoreState> {
  /** Reads the revision (GET policy.revision). */
  load(): Promise<PolicyRevision>;
  /** The loaded revision, loading it first when needed (one request for concurrent callers). */
  ensure(): Promise<PolicyRevision>;
  /** Path parameters of a policy document call: the given ones plus `rev` = the staged revision. */
  bindRevision<P extends Record<string, string | number | boolean>>(pathParams?: P): P & { rev: number };
  /**
   * After a successful save: the revision as the save's answer stamps it (the staged revision the document is now in,
   * its state "staged" and the time of the save). No second read: a save changes nothing else of the revision (the
   * last published one stays; a publish in between would have made the save a 409).
   */
  afterSave(saved: RevisionStamp): void;
  /**
   * Publishes the staged revision when its state is "staged", with the change reason the review asked for;
   * otherwise returns it unchanged without a call.
   */
  publish(reason?: string): Promise<PolicyRevision>;
  /** Stages the content of published revision `rev` (to be reviewed and published like any change). */
  rollback(rev: number): Promise<PolicyRevision>;
  /** Forget the revision (logout). */
  reset(): void;
}

/**
 * The stamp a save of a loaded policy document carries: its rev_id, state and updated_at. A document's `rev_id` is
 * the revision it was read at and is saved to (the revision's `staged_rev_id`), not the revision's own `rev_id` (the
 * last published one): the spec gives both the same name.
 */
export function saveStamp(envelope: RevisionStamp): RevisionStamp {
  return { rev_id: envelope.rev_id, state: envelope.state, updated_at: envelope.updated_at };
}

const initial: RevisionStoreState = { revision: undefined, loading: false, publishing: false, error: undefined };

/** Creates the revision store over a call function (callOperation in the app). */
export function createRevisionStore(call: CallFn): RevisionStore {
  const api = createApiClient(call);
  const store = createStore<RevisionStoreState>(initial);
  let inFlight: Promise<PolicyRevision> | undefined;

  function load(): Promise<PolicyRevision> {
    store.setState((s) => ({ ...s, loading: true, error: undefined }));
    const request = api.policyRevision().then(
      (revision) => {
        if (inFlight === request) inFlight = undefined;
        store.setState((s) => ({ ...s, revision, loading: false }));
        return revision;
      },
      (e: unknown) => {
        if (inFlight === request) inFlight = undefined;
        store.setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : String(e) }));
        throw e;
      },
    );
    inFlight = request;
    return request;
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    load,
    ensure() {
      const { revision } = store.getState();
      if (revision) return Promise.resolve(revision);
      return inFlight ?? load();
    },
    bindRevision(pathParams) {
      const { revision } = store.getState();
      if (!revision) throw new Error('The policy revision is not loaded yet');
      return { ...(pathParams ?? ({} as NonNullable<typeof pathParams>)), rev: revision.staged_rev_id };
    },
    afterSave(saved) {
      const { revision } = store.getState();
      if (!revision) return;
      const next = { ...revision, staged_rev_id: saved.rev_id, state: saved.state, updated_at: saved.updated_at };
      store.setState((s) => ({ ...s, revision: next }));
    },
    async publish(reason) {
      const current = store.getState().revision ?? (await load());
      if (current.state !== 'staged') return current;
      store.setState((s) => ({ ...s, publishing: true, error: undefined }));
      try {
        const params = { rev: current.staged_rev_id };
        const revision = await api.policyPublish(reason === undefined ? { params } : { params, body: { reason } });
        store.setState((s) => ({ ...s, revision, publishing: false }));
        return revision;
      } catch (e) {
        store.setState((s) => ({ ...s, publishing: false, error: e instanceof Error ? e.message : String(e) }));
        throw e;
      }
    },
    async rollback(rev) {
      const revision = await api.policyRollback({ params: { rev } });
      store.setState((s) => ({ ...s, revision }));
      return revision;
    },
    reset() {
      inFlight = undefined;
      store.setState(initial);
    },
  };
}

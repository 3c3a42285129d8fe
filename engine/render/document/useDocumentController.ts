/**
 * The headless side of a document screen: load (at the staged revision for policy areas), local edits, save with
 * the stamp, 409 conflicts and 400 field errors. Returns a discriminated union the view only renders.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentScreen } from '../../../definitions/define';
import { documentOperations } from '../../../definitions/derive';
import type { FieldError } from '../../../schemas/http';
import { RevisionStamp } from '../../../schemas/policy';
import { isApiError } from '../../core/http';
import { saveStamp } from '../../core/revision';
import { showSnackbar } from '../../core/snackbar';
import { useCall, useEngine, useStore } from '../shell/EngineContext';
import type { Doc } from './diffDocuments';

/** A 409: the version stored now, and what this editor tried to save. */
export interface Conflict {
  readonly theirs: Doc;
  readonly mine: Doc;
}

export type SaveOutcome = 'saved' | 'conflict';

export type DocumentController =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly message: string; readonly retry: () => void }
  | {
      readonly status: 'ready';
      /** The version last loaded, saved or reloaded: the form's defaults and the base of the conflict diff. */
      readonly loaded: Doc;
      /** The edited document (table layouts edit it directly; forms keep their own state). */
      readonly draft: Doc;
      readonly setDraft: (doc: Doc) => void;
      readonly dirty: boolean;
      /** Forms report their own dirtiness. */
      readonly setDirty: (dirty: boolean) => void;
      readonly saving: boolean;
      /** Field errors of the last save attempt (dotted paths into the document). */
      readonly errors: readonly FieldError[];
      /** Message of the last failed save that was not a conflict. */
      readonly saveError: string | undefined;
      readonly save: (doc: Doc) => Promise<SaveOutcome>;
      readonly discard: () => void;
      readonly conflict: Conflict | undefined;
      /** Replace the edits with the version stored now. */
      readonly reloadTheirs: () => void;
      /** Keep the edits; the next save replaces their version (the user has seen what it holds). */
      readonly keepEditing: () => void;
    };

/** The document part of an envelope: the schema's own keys, without the stamp. */
export function documentPart(screen: DocumentScreen, envelope: Doc): Doc {
  return Object.fromEntries(Object.keys(screen.schema.shape).filter((k) => k in envelope).map((k) => [k, envelope[k]]));
}

/** The stamp fields a save carries: rev_id/state/updated_at for policy, updated_at for settings. */
function stampOf(screen: DocumentScreen, envelope: Doc): Doc {
  if (screen.endpoint.revision === 'staged') {
    const stamp = RevisionStamp.safeParse(envelope);
    return stamp.success ? { ...saveStamp(stamp.data) } : {};
  }
  return envelope.updated_at === undefined ? {} : { updated_at: envelope.updated_at };
}

export function useDocumentController(screen: DocumentScreen): DocumentController {
  const { revision } = useEngine();
  const call = useCall();
  const [readOp, saveOp] = useMemo(() => documentOperations(screen), [screen]);
  const queryClient = useQueryClient();
  const staged = screen.endpoint.revision === 'staged';
  const revisionState = useStore(revision);
  const rev = revisionState.revision?.staged_rev_id;

  useEffect(() => {
    if (staged) revision.ensure().catch(() => {
      // The revision store keeps the error in its state; it is shown below.
    });
  }, [staged, revision]);

  const queryKey = useMemo(() => ['document', screen.id, staged ? rev : null] as const, [screen.id, staged, rev]);
  const query = useQuery({
    queryKey,
    enabled: !staged || rev !== undefined,
    queryFn: ({ signal }) =>
      call(readOp, { params: staged ? revision.bindRevision() : undefined }, { signal }),
  });

  const [envelope, setEnvelope] = useState<Doc | undefined>();
  const [loaded, setLoaded] = useState<Doc | undefined>();
  const [draft, setDraftState] = useState<Doc | undefined>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [saveError, setSaveError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<Conflict | undefined>();

  const adopt = useCallback(
    (env: Doc) => {
      const doc = documentPart(screen, env);
      setEnvelope(env);
      setLoaded(doc);
      setDraftState(doc);
      setDirty(false);
      setErrors([]);
      setSaveError(undefined);
    },
    [screen],
  );

  // A fresh read replaces what is shown unless the user is in the middle of editing. Dirtiness is read through a
  // ref: finishing an edit must not pull in an older read.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  useEffect(() => {
    if (query.data && !dirtyRef.current) adopt(query.data);
  }, [query.data, adopt]);

  const setDraft = useCallback((doc: Doc) => {
    setDraftState(doc);
    setDirty(true);
  }, []);

  const save = useCallback(
    async (doc: Doc): Promise<SaveOutcome> => {
      if (!envelope) throw new Error('Nothing is loaded to save');
      setSaving(true);
      setSaveError(undefined);
      try {
        const saved = await call(saveOp, {
          params: staged ? revision.bindRevision() : undefined,
          body: { ...doc, ...stampOf(screen, envelope) },
        });
        queryClient.setQueryData(queryKey, saved);
        adopt(saved);
        showSnackbar({ message: `${screen.title} saved.`, kind: 'success' });
        // The answer stamps the revision too (the staged revision, its state, the time): no second read.
        if (staged) {
          const stamp = RevisionStamp.safeParse(saved);
          if (stamp.success) revision.afterSave(stamp.data);
          else revision.load().catch(() => {});
        }
        return 'saved';
      } catch (e) {
        if (isApiError(e) && e.status === 409 && e.body.current && typeof e.body.current === 'object') {
          setConflict({ theirs: e.body.current as Doc, mine: doc });
          return 'conflict';
        }
        if (isApiError(e)) setErrors(e.fieldErrors);
        setSaveError(e instanceof Error ? e.message : String(e));
        throw e;
      } finally {
        setSaving(false);
      }
    },
    [envelope, call, saveOp, screen, staged, revision, queryClient, queryKey, adopt],
  );

  if (staged && revisionState.error && !revisionState.revision) {
    return { status: 'error', message: revisionState.error, retry: () => void revision.load().catch(() => {}) };
  }
  if (query.isError) return { status: 'error', message: query.error.message, retry: () => void query.refetch() };
  if (!loaded || !draft) return { status: 'pending' };

  return {
    status: 'ready',
    loaded,
    draft,
    setDraft,
    dirty,
    setDirty,
    saving,
    errors,
    saveError,
    save,
    discard: () => envelope && adopt(envelope),
    conflict,
    reloadTheirs: () => {
      if (!conflict) return;
      queryClient.setQueryData(queryKey, conflict.theirs);
      adopt(conflict.theirs);
      setConflict(undefined);
    },
    keepEditing: () => {
      if (!conflict) return;
      setEnvelope(conflict.theirs);
      setConflict(undefined);
    },
  };
}

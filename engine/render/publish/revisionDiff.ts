/**
 * The changes of a policy revision: the server answers each changed area's document before and after
 * (policy.changes); each area's screen definition (loaded here) gives the change presenter its schema, labels, row
 * keys and names (`ChangeList` words them).
 */
import { useEffect, useState } from 'react';
import { isDocumentScreen, type DocumentScreen, type ScreenDef } from '../../../definitions/define';
import type { RevisionChanges } from '../../../schemas/policy';
import { useApi } from '../shell/EngineContext';

/** What the shell knows of a screen by id: its title, and its definition on demand. */
export type ScreenLookup = (screenId: string) => { readonly title: string; readonly load: () => Promise<ScreenDef> } | undefined;

export interface AreaDiff {
  readonly screenId: string;
  readonly title: string;
  /** The area's definition; undefined when the shell does not know it (its changes are then worded from field names). */
  readonly screen: DocumentScreen | undefined;
  readonly before: Readonly<Record<string, unknown>>;
  readonly after: Readonly<Record<string, unknown>>;
}

export type RevisionDiffState =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly changes: RevisionChanges; readonly areas: readonly AreaDiff[] };

/** The areas of `changes` with their definitions; an area whose screen is unknown is listed by its id. */
export async function areaDiffs(changes: RevisionChanges, lookup: ScreenLookup): Promise<AreaDiff[]> {
  return Promise.all(
    changes.areas.map(async (area) => {
      const found = lookup(area.screen_id);
      const screen = found && (await found.load());
      return {
        screenId: area.screen_id,
        title: found?.title ?? area.screen_id,
        screen: screen && isDocumentScreen(screen) ? screen : undefined,
        before: area.before,
        after: area.after,
      };
    }),
  );
}

/**
 * The changes of revision `rev` against the one before it, re-read when `version` changes (e.g. the revision's
 * updated_at after a save). `withDetails: false` skips loading the areas' definitions (a count is enough).
 */
export function useRevisionDiff(rev: number | undefined, lookup: ScreenLookup, version = '', withDetails = true): RevisionDiffState {
  const api = useApi();
  const key = rev === undefined ? undefined : `${rev}|${version}|${withDetails}`;
  const [result, setResult] = useState<{ readonly key: string; readonly state: RevisionDiffState }>();
  useEffect(() => {
    if (rev === undefined || key === undefined) return;
    let live = true;
    api
      .policyChanges({ params: { rev } })
      .then(async (changes) => ({ changes, areas: withDetails ? await areaDiffs(changes, lookup) : [] }))
      .then(
        ({ changes, areas }) => live && setResult({ key, state: { status: 'ready', changes, areas } }),
        (e: unknown) => live && setResult({ key, state: { status: 'error', message: e instanceof Error ? e.message : String(e) } }),
      );
    return () => {
      live = false;
    };
  }, [api, rev, key, lookup, withDetails]);
  return result && result.key === key ? result.state : PENDING;
}

const PENDING: RevisionDiffState = { status: 'pending' };

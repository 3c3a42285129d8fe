/**
 * The readable changes of a policy revision: the server answers each changed area's document before and after
 * (policy.changes); each area's screen definition gives the labels, the row key and the row names to diff them with.
 */
import { useEffect, useState } from 'react';
import { isDocumentScreen, type ScreenDef } from '../../../definitions/define';
import type { RevisionChanges } from '../../../schemas/policy';
import { diffDocuments, type DiffEntry } from '../document/diffDocuments';
import { diffOptionsOf } from '../document/screenDiff';
import { useApi } from '../shell/EngineContext';

/** What the shell knows of a screen by id: its title, and its definition on demand. */
export type ScreenLookup = (screenId: string) => { readonly title: string; readonly load: () => Promise<ScreenDef> } | undefined;

export interface AreaDiff {
  readonly screenId: string;
  readonly title: string;
  readonly entries: readonly DiffEntry[];
}

export type RevisionDiffState =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly changes: RevisionChanges; readonly areas: readonly AreaDiff[] };

/** The areas of `changes` as readable diffs; an area whose screen is unknown is listed by its id with no details. */
export async function areaDiffs(changes: RevisionChanges, lookup: ScreenLookup): Promise<AreaDiff[]> {
  return Promise.all(
    changes.areas.map(async (area) => {
      const found = lookup(area.screen_id);
      const screen = found && (await found.load());
      const entries = screen && isDocumentScreen(screen) ? diffDocuments(area.before, area.after, diffOptionsOf(screen)) : [];
      return { screenId: area.screen_id, title: found?.title ?? area.screen_id, entries };
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

/**
 * The download buttons a document screen declares (`downloads`): each calls its operation with its constant query and
 * saves the answer as the file its definition describes (or, for a file answer, as the server sends it). A reader may
 * use them: they change nothing. Buttons the user may not call are left out. Also the run of a table's row action
 * that saves a file (`downloadRow`).
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { RowAction, ScreenDownload } from '../../../definitions/define';
import type { TypedCall } from '../../core/call';
import { showSnackbar } from '../../core/snackbar';
import { useCall, useEngine } from '../shell/EngineContext';

/** The exporters download with the first file saved, not with every screen that offers one. */
const callAndDownload = async (...args: Parameters<typeof import('../widgets/export/exporters').callAndDownload>) =>
  (await import('../widgets/export/exporters')).callAndDownload(...args);

/** A value as JSON with the keys of every object in order, so two equal rows read the same whatever their key order. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Why a row's file cannot be saved yet: it is new or changed and not saved, so the server's file would not match. */
export const UNSAVED_ROW_TEXT = 'Save your changes to this entry first: the file is made from what is saved.';

/**
 * Runs a document table's row action that saves a file: calls it with the query made from the row, once the row is
 * saved as shown (one of `savedRows`), and saves the answer. Resolves with whether a file was saved.
 */
export async function downloadRow<R>(call: TypedCall, action: RowAction<R> & Required<Pick<RowAction<R>, 'download'>>, row: R, savedRows: readonly unknown[]): Promise<boolean> {
  const shown = stableJson(row);
  if (!savedRows.some((saved) => stableJson(saved) === shown)) {
    showSnackbar({ kind: 'error', message: UNSAVED_ROW_TEXT, closable: true });
    return false;
  }
  return callAndDownload(call, action.operation, action.query ? { query: action.query(row) } : {}, action.download, row);
}

export function ScreenDownloads({ downloads }: { downloads: readonly ScreenDownload[] }) {
  const { access, revision } = useEngine();
  const call = useCall();
  const [busy, setBusy] = useState<string | null>(null);
  const offered = downloads.filter((d) => access.canUse({ ...d.operation, access: typeof d.operation.access === 'string' ? undefined : d.operation.access }));
  if (offered.length === 0) return null;
  const save = async (d: ScreenDownload) => {
    setBusy(d.id);
    try {
      // A file of the policy (`{rev}` in its path) is made from the staged revision, the one the screen shows.
      const staged = d.operation.path.includes('{rev}');
      if (staged) await revision.ensure();
      await callAndDownload(call, d.operation, { ...(d.query && { query: d.query }), ...(staged && { params: revision.bindRevision() }) }, d.download, undefined);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {offered.map((d) => (
        <Button key={d.id} variant="default" size="sm" loading={busy === d.id} disabled={busy !== null && busy !== d.id} onClick={() => void save(d)}>
          {d.label}
        </Button>
      ))}
    </Group>
  );
}

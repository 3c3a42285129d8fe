/**
 * The download buttons a document screen declares (`downloads`): each calls its operation with its constant query and
 * saves the answer as the file its definition describes. A reader may use them: they change nothing. Buttons the user
 * may not call are left out.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { ScreenDownload } from '../../../definitions/define';
import { useEngine } from '../shell/EngineContext';
import { notifyDownload } from '../widgets/snackbars';
import { downloadAnswer } from '../widgets/export/exporters';

export function ScreenDownloads({ downloads }: { downloads: readonly ScreenDownload[] }) {
  const { call, access } = useEngine();
  const [busy, setBusy] = useState<string | null>(null);
  const offered = downloads.filter((d) => access.canUse({ ...d.operation, access: typeof d.operation.access === 'string' ? undefined : d.operation.access }));
  if (offered.length === 0) return null;
  const save = async (d: ScreenDownload) => {
    setBusy(d.id);
    try {
      downloadAnswer(d.download, (await call(d.operation.id, d.query ? { query: d.query } : {})) as never, undefined);
    } catch (e) {
      notifyDownload(e);
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

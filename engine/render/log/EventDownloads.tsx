/**
 * The event drawer's downloads (`eventDownloads` of a log view, e.g. the sandbox report of a file): a button for each
 * that applies to the event (its parameters can be made from it) and that the user may call; it saves the answer.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { EventDownload } from '../../../definitions/define';
import { callAndDownload } from '../widgets/export/exporters';
import { useCall, useEngine } from '../shell/EngineContext';

export function EventDownloads({ downloads, event }: { readonly downloads: readonly EventDownload[]; readonly event: Readonly<Record<string, unknown>> }) {
  const { access } = useEngine();
  const call = useCall();
  const [busy, setBusy] = useState<string | null>(null);
  const offered = downloads.flatMap((d) => {
    // The callbacks were typed against the log type's events when the definition was written.
    const params = d.params(event as never);
    const allowed = access.canUse({ ...d.operation, access: typeof d.operation.access === 'string' ? undefined : d.operation.access });
    return params && allowed ? [{ d, params }] : [];
  });
  if (offered.length === 0) return null;
  const save = async (d: EventDownload, params: Readonly<Record<string, string>>) => {
    setBusy(d.id);
    try {
      await callAndDownload(call, d.operation, { params }, d.download, event as never);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" mt="md">
      {offered.map(({ d, params }) => (
        <Button key={d.id} size="xs" variant="default" loading={busy === d.id} disabled={busy !== null && busy !== d.id} onClick={() => void save(d, params)}>
          {d.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The export of every event the filters match: the admin picks CSV or JSON and codes or labels, is told the cap
 * before starting, then sees the events written so far against the cap, and may cancel. The file is saved at the end.
 */
import { Alert, Button, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { downloadBlob, withExtension } from '../widgets/export/exporters';
import type { LogFetchers } from './logController';
import { createExportWriter, EXPORT_ROW_CAP, pageAllEvents, type ExportFields, type ExportFormat, type ExportValues } from './logExport';

type LogEvent = Readonly<Record<string, unknown>>;

export interface LogExportDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly fetchers: LogFetchers<LogEvent>;
  /** The API query of the view's events. */
  readonly request: () => Record<string, string | number | string[]>;
  readonly fields: ExportFields;
  readonly fileName: string;
  readonly cap?: number;
}

type Phase =
  | { readonly kind: 'choose' }
  | { readonly kind: 'running'; readonly rows: number }
  | { readonly kind: 'done'; readonly rows: number; readonly capped: boolean }
  | { readonly kind: 'failed'; readonly message: string };

const count = (n: number) => n.toLocaleString('en-US');

/** See the module comment. */
export function LogExportDialog({ opened, onClose, fetchers, request, fields, fileName, cap = EXPORT_ROW_CAP }: LogExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [values, setValues] = useState<ExportValues>('codes');
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const abort = useRef<AbortController | null>(null);

  // Leaving the view stops a running export.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    const writer = createExportWriter(format, values, fields);
    const parts: string[] = [];
    setPhase({ kind: 'running', rows: 0 });
    try {
      const run = await pageAllEvents(
        fetchers,
        request(),
        (events, rows) => {
          parts.push(writer.page(events));
          setPhase({ kind: 'running', rows });
        },
        { cap, signal: controller.signal },
      );
      if (run.rows === 0) parts.push(writer.page([]));
      parts.push(writer.end());
      const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
      downloadBlob(new Blob(parts, { type }), withExtension(fileName, `.${format}`));
      setPhase({ kind: 'done', ...run });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setPhase({ kind: 'choose' });
  };

  const close = () => {
    if (phase.kind === 'running') cancel();
    setPhase({ kind: 'choose' });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Export events" size="md">
      <Stack gap="md">
        <Text size="sm">
          Exports every event the filters match in this interval, not only those loaded on screen, up to{' '}
          <strong>{count(cap)} events</strong>. Narrow the interval or the filters for more.
        </Text>
        <Radio.Group label="Format" value={format} onChange={(v) => setFormat(v as ExportFormat)}>
          <Group gap="md" mt={4}>
            <Radio value="csv" label="CSV" disabled={phase.kind === 'running'} />
            <Radio value="json" label="JSON" disabled={phase.kind === 'running'} />
          </Group>
        </Radio.Group>
        <Radio.Group label="Values" value={values} onChange={(v) => setValues(v as ExportValues)}>
          <Stack gap={6} mt={4}>
            <Radio value="codes" label="As stored, with $field names (the log export format)" disabled={phase.kind === 'running'} />
            <Radio value="labels" label="With labels: column titles, action and category names, local times" disabled={phase.kind === 'running'} />
          </Stack>
        </Radio.Group>
        {phase.kind === 'running' && (
          <Stack gap={4}>
            <Progress value={(phase.rows / cap) * 100} aria-label="Events exported" animated transitionDuration={200} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {count(phase.rows)} of at most {count(cap)} events written
            </Text>
          </Stack>
        )}
        {phase.kind === 'done' && (
          <Alert color={phase.capped ? 'yellow' : 'green'} role="status" title={`${count(phase.rows)} events exported`}>
            {phase.capped
              ? `The export stopped at ${count(cap)} events; more match. Narrow the interval or the filters to export the rest.`
              : 'Every event the filters match is in the file.'}
          </Alert>
        )}
        {phase.kind === 'failed' && (
          <Alert color="red" role="alert" title="The export stopped">
            {phase.message} No file was saved.
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {phase.kind === 'running' ? (
            <Button variant="default" onClick={cancel}>
              Cancel export
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button onClick={() => void start()}>{phase.kind === 'choose' ? 'Export' : 'Export again'}</Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Report scheduling (spec 000 §7 reports): the scheduled reports as one settings-style document (read, edit, save with
 * its stamp; a stale save shows the stored list), an instant report run, and the past reports with their download.
 */
import { Alert, Button, Card, Checkbox, Group, Loader, MultiSelect, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '../../../schemas/constants';
import { REPORT_INTERVAL_DEFAULT, REPORT_INTERVALS, REPORTS, type ReportName, type ScheduledReport } from '../../../schemas/reports';
import { FREQUENCY_LABELS, LOG_INTERVALS } from '../../../schemas/logEnums';
import { isApiError } from '../../core/http';
import type { AnswerOf } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';
import { notifyDownload, notifySave } from '../widgets/snackbars';
import { downloadBlob } from '../widgets/export/exporters';

type ScheduledDoc = AnswerOf<'reportsScheduledGet'>;
type PastList = AnswerOf<'reportsPastList'>;

const REPORT_OPTIONS = Object.entries(REPORTS)
  .filter(([, spec]) => !('requires' in spec))
  .map(([value, spec]) => ({ value, label: `${spec.title} (${value})` }));
const INTERVAL_OPTIONS = Object.keys(REPORT_INTERVALS).map((n) => ({ value: n, label: LOG_INTERVALS[n as keyof typeof LOG_INTERVALS].label }));
const FREQUENCY_OPTIONS = Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label }));

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

interface Draft {
  name: string;
  reports: string[];
  interval: string;
  frequency: string;
  recipients: string;
}
const EMPTY_DRAFT: Draft = { name: '', reports: [], interval: REPORT_INTERVAL_DEFAULT, frequency: '1d', recipients: '' };

function ReportFields({ draft, onChange, withSchedule }: { draft: Draft; onChange: (d: Draft) => void; withSchedule: boolean }) {
  return (
    <Group align="end" wrap="wrap">
      <TextInput label="Name" required value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} />
      <MultiSelect
        label="Reports"
        required
        searchable
        data={REPORT_OPTIONS}
        value={draft.reports}
        onChange={(reports) => onChange({ ...draft, reports })}
        miw={280}
      />
      <NativeSelect label="Interval" data={INTERVAL_OPTIONS} value={draft.interval} onChange={(e) => onChange({ ...draft, interval: e.currentTarget.value })} />
      {withSchedule && (
        <>
          <NativeSelect
            label="Frequency"
            data={FREQUENCY_OPTIONS}
            value={draft.frequency}
            onChange={(e) => onChange({ ...draft, frequency: e.currentTarget.value })}
          />
          <TextInput
            label="Recipients"
            description="E-mail addresses, separated by commas"
            value={draft.recipients}
            onChange={(e) => onChange({ ...draft, recipients: e.currentTarget.value })}
          />
        </>
      )}
    </Group>
  );
}

function Scheduled({ canWrite }: { canWrite: boolean }) {
  const api = useApi();
  const [doc, setDoc] = useState<ScheduledDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  /** The schedule being edited in the form below; null: the form adds a new one. */
  const [editing, setEditing] = useState<ScheduledReport | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.reportsScheduledGet().then(setDoc, (e: unknown) => setError(message(e)));
  }, [api]);

  const save = async (list: ScheduledReport[]) => {
    if (!doc) return;
    setSaving(true);
    try {
      setDoc(await api.reportsScheduledSave({ body: { ...doc, list } }));
      notifySave({ ok: true });
      setError(null);
    } catch (e) {
      if (isApiError(e) && e.status === 409 && e.body && 'current' in e.body) setDoc((e.body as { current: ScheduledDoc }).current);
      setError(message(e));
      notifySave({ ok: false, message: message(e) });
    } finally {
      setSaving(false);
    }
  };

  if (error && !doc) return <Alert color="red" role="alert">{error}</Alert>;
  if (!doc) return <Loader size="sm" role="status" aria-label="Loading scheduled reports" />;
  const fromDraft = (base: Pick<ScheduledReport, 'id' | 'filters' | 'limit' | 'enabled'>): ScheduledReport => ({
    ...base,
    name: draft.name.trim(),
    reports: draft.reports as ReportName[],
    interval: draft.interval as ScheduledReport['interval'],
    frequency: draft.frequency as ScheduledReport['frequency'],
    recipients: draft.recipients.split(',').map((r) => r.trim()).filter((r) => r !== ''),
  });
  const done = () => {
    setDraft(EMPTY_DRAFT);
    setEditing(null);
  };
  const submit = () => {
    const list = editing
      ? doc.list.map((x) => (x.id === editing.id ? fromDraft(x) : x))
      : [...doc.list, fromDraft({ id: `s-${Date.now().toString(36)}`, filters: {}, limit: 50, enabled: true })];
    void save(list).then(done);
  };
  const edit = (r: ScheduledReport) => {
    setEditing(r);
    setDraft({ name: r.name, reports: [...r.reports], interval: r.interval, frequency: r.frequency, recipients: r.recipients.join(', ') });
  };
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error === MESSAGES.staleSave ? `${error} The list below is the stored one.` : error}
        </Alert>
      )}
      <Table aria-label="Scheduled reports" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Reports</Table.Th>
            <Table.Th>Interval</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th>Recipients</Table.Th>
            <Table.Th>Enabled</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doc.list.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed">No scheduled reports yet.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {doc.list.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{r.reports.map((n) => REPORTS[n].title).join(', ')}</Table.Td>
              <Table.Td>{LOG_INTERVALS[r.interval].label}</Table.Td>
              <Table.Td>{FREQUENCY_LABELS[r.frequency]}</Table.Td>
              <Table.Td>{r.recipients.join(', ')}</Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`${r.name} enabled`}
                  checked={r.enabled}
                  disabled={!canWrite || saving}
                  onChange={(e) => void save(doc.list.map((x) => (x.id === r.id ? { ...x, enabled: e.currentTarget.checked } : x)))}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="subtle" aria-label={`Edit ${r.name}`} disabled={!canWrite || saving} onClick={() => edit(r)}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${r.name}`}
                    disabled={!canWrite || saving}
                    onClick={() => void save(doc.list.filter((x) => x.id !== r.id))}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canWrite && (
        <Card withBorder component="section" aria-label={editing ? `Edit ${editing.name}` : 'New schedule'}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {editing ? `Edit ${editing.name}` : 'New schedule'}
            </Title>
            <ReportFields draft={draft} onChange={setDraft} withSchedule />
            <Group>
              <Button onClick={submit} loading={saving} disabled={draft.name.trim() === '' || draft.reports.length === 0}>
                {editing ? 'Save schedule' : 'Add schedule'}
              </Button>
              {editing && (
                <Button variant="default" onClick={done} disabled={saving}>
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Past({ refresh }: { refresh: number }) {
  const api = useApi();
  const [list, setList] = useState<PastList | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.reportsPastList({ query: { limit: 25, offset: 0 } }).then(setList, (e: unknown) => setError(message(e)));
  }, [api, refresh]);
  const download = useCallback(
    async (id: string, fileName: string) => {
      try {
        const blob = await api.reportsPastDownload({ params: { id } });
        downloadBlob(blob, fileName);
        notifyDownload();
      } catch (e) {
        notifyDownload(e);
      }
    },
    [api],
  );
  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  if (!list) return <Loader size="sm" role="status" aria-label="Loading past reports" />;
  return (
    <Table aria-label="Past reports" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Interval</Table.Th>
          <Table.Th>File</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.reports.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text c="dimmed">No past reports yet.</Text>
            </Table.Td>
          </Table.Tr>
        )}
        {list.reports.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>{r.name}</Table.Td>
            <Table.Td>{new Date(r.created_at).toLocaleString()}</Table.Td>
            <Table.Td>{r.source === 'instant' ? 'Run now' : 'Scheduled'}</Table.Td>
            <Table.Td>{LOG_INTERVALS[r.interval].label}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="default" onClick={() => void download(r.id, r.file_name)}>
                Download {r.file_name}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RunNow({ onDone }: { onDone: () => void }) {
  const api = useApi();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setRunning(true);
    try {
      await api.reportsInstant({
        body: { name: draft.name.trim(), reports: draft.reports as ReportName[], interval: draft.interval as ScheduledReport['interval'], filters: {}, limit: 50 },
      });
      setError(null);
      setDraft(EMPTY_DRAFT);
      onDone();
    } catch (e) {
      setError(message(e));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Stack gap="xs">
      <ReportFields draft={draft} onChange={setDraft} withSchedule={false} />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group>
        <Button onClick={() => void run()} loading={running} disabled={draft.name.trim() === '' || draft.reports.length === 0}>
          Run report now
        </Button>
      </Group>
    </Stack>
  );
}

/** The report scheduling screen; `canWrite` from the screen's write rule. */
export function ReportScheduling({ canWrite }: { canWrite: boolean }) {
  const [refresh, setRefresh] = useState(0);
  return (
    <Stack gap="lg">
      <section aria-label="Scheduled reports section">
        <Title order={2} size="h4" mb="xs">
          Scheduled reports
        </Title>
        <Scheduled canWrite={canWrite} />
      </section>
      {canWrite && (
        <section aria-label="Run a report now">
          <Title order={2} size="h4" mb="xs">
            Run a report now
          </Title>
          <RunNow onDone={() => setRefresh((n) => n + 1)} />
        </section>
      )}
      <section aria-label="Past reports section">
        <Title order={2} size="h4" mb="xs">
          Past reports
        </Title>
        <Past refresh={refresh} />
      </section>
    </Stack>
  );
}

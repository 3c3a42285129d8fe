/**
 * The bulk-import dialog (spec 002 §2, §5, §8, §9). Steps in order: importing (a csv or json file), processing
 * (each row checked, with progress), confirmation (only when a prompt is configured: the deletion warning or the
 * import confirmation), saving (with progress), summary. Processing and saving show created plus errors over total.
 * Saving without errors closes the dialog; errors lead to the summary, whose error view offers Back, Download (the
 * file with the errors highlighted) and View Errors. Backdrop and Escape close it only at the summary.
 */
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  errorReportCsv,
  IMPORT_BUTTONS,
  IMPORT_MESSAGES,
  IMPORT_PAGE_SIZE,
  IMPORT_PAGE_SIZE_OPTIONS,
  IMPORT_TITLES,
  importDismissible,
  importFileKind,
  importProgressPercent,
  nextImportStep,
  parseImportFile,
  previousImportStep,
  type ImportRow,
  type ImportRowError,
  type ImportStep,
} from '../../../core/bulkImport';
import { showSnackbar } from '../../../core/snackbar';
import { downloadBlob } from '../export/exporters';
import { notifyDownload } from '../snackbars';
import type { DataTableColumn } from '../table/columns';
import { DataTable } from '../table/DataTable';
import type { PageChange } from '../table/rowOrder';
import { UploadBox } from '../upload/UploadBox';
import { UploadSummary } from './UploadSummary';

/** The confirmation step: the deletion warning (with the count of items that go) or the import confirmation. */
export type ImportPrompt = { readonly kind: 'delete'; readonly count: number } | { readonly kind: 'confirm' };

export interface ImportCounts {
  readonly created: number;
  readonly errors: number;
}

export interface ImportSaveResult {
  readonly created: number;
  readonly errors: readonly ImportRowError[];
}

export interface BulkImportDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** Called once saving finishes, with what was created and how many rows failed. */
  readonly onComplete?: (summary: ImportCounts & { readonly total: number }) => void;
  /** Title of the importing step. */
  readonly title?: string;
  /** The fields of a row, in the order a header-less csv gives them. */
  readonly columns: readonly string[];
  readonly columnLabels?: Readonly<Record<string, string>>;
  /** More rows than this aborts the import with the row-limit snackbar. */
  readonly maxRows: number;
  readonly prompt?: ImportPrompt;
  /** Checks one row: an error message, or null when it is correct. */
  readonly processRow: (row: ImportRow) => string | null | Promise<string | null>;
  /** Saves the correct rows, reporting progress; resolves to the count created and the rows that failed. */
  readonly save: (rows: readonly ImportRow[], progress: (counts: ImportCounts) => void) => Promise<ImportSaveResult>;
  /** Name of the downloaded file with the errors highlighted. */
  readonly errorFileName?: string;
}

interface TableRecord {
  readonly line: number;
  readonly error: string;
  readonly row_state: 'error' | undefined;
  readonly [field: string]: unknown;
}

const ZERO: ImportCounts = { created: 0, errors: 0 };
/** Rows checked between two paints, so the progress bar moves during long checks. */
const PROCESS_BATCH = 50;

function ImportProgress({ label, counts, total }: { label: string; counts: ImportCounts; total: number }) {
  return (
    <Stack gap={6}>
      <Progress value={Math.round(importProgressPercent({ ...counts, total }))} aria-label={label} size="lg" animated />
      <Text size="sm" aria-live="polite">{`${counts.created + counts.errors} / ${total}`}</Text>
    </Stack>
  );
}

/** One import session; a new one (fresh state) starts every time the dialog opens. */
function ImportFlow(props: BulkImportDialogProps) {
  const { opened, columns, prompt } = props;
  const hasPrompt = prompt !== undefined;
  const [step, setStep] = useState<ImportStep>('importing');
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [processing, setProcessing] = useState<ImportCounts>(ZERO);
  const [processErrors, setProcessErrors] = useState<ImportRowError[]>([]);
  const [processed, setProcessed] = useState(false);
  const [saving, setSaving] = useState<ImportCounts>(ZERO);
  const [saveErrors, setSaveErrors] = useState<readonly ImportRowError[]>([]);
  const [viewErrors, setViewErrors] = useState(false);
  const [page, setPage] = useState<PageChange>({ index: 0, size: IMPORT_PAGE_SIZE });
  const run = useRef(0);

  const restart = () => {
    run.current += 1;
    setStep('importing');
    setRows([]);
    setProcessing(ZERO);
    setProcessErrors([]);
    setProcessed(false);
    setSaving(ZERO);
    setSaveErrors([]);
    setViewErrors(false);
    setPage({ index: 0, size: IMPORT_PAGE_SIZE });
  };

  const close = () => {
    run.current += 1;
    props.onClose();
  };

  const correctRows = useMemo(() => {
    const failed = new Set(processErrors.map((e) => e.line));
    return rows.filter((r) => !failed.has(r.line));
  }, [rows, processErrors]);

  const processAll = async (all: ImportRow[]) => {
    const token = ++run.current;
    const errors: ImportRowError[] = [];
    let created = 0;
    for (const [i, row] of all.entries()) {
      let message: string | null;
      try {
        message = await props.processRow(row);
      } catch (e) {
        message = e instanceof Error ? e.message : String(e);
      }
      if (token !== run.current) return;
      if (message === null) created += 1;
      else errors.push({ line: row.line, message });
      if ((i + 1) % PROCESS_BATCH === 0) {
        setProcessing({ created, errors: errors.length });
        await new Promise((r) => setTimeout(r, 0));
        if (token !== run.current) return;
      }
    }
    setProcessing({ created, errors: errors.length });
    setProcessErrors(errors);
    setProcessed(true);
  };

  const onFile = async ([file]: File[]) => {
    if (!file) return;
    const result = parseImportFile(await file.text(), importFileKind(file), { columns, maxRows: props.maxRows });
    if (!result.ok) {
      showSnackbar({ kind: 'error', message: result.message, closable: true });
      return;
    }
    setRows(result.rows);
    setStep('processing');
    void processAll(result.rows);
  };

  const startSaving = async () => {
    const token = ++run.current;
    const toSave = correctRows;
    setStep('saving');
    setSaving(ZERO);
    let result: ImportSaveResult;
    try {
      result = await props.save(toSave, (counts) => token === run.current && setSaving(counts));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      result = { created: 0, errors: toSave.map((r) => ({ line: r.line, message })) };
    }
    if (token !== run.current) return;
    const errors = [...processErrors, ...result.errors];
    props.onComplete?.({ created: result.created, errors: errors.length, total: rows.length });
    if (errors.length === 0) {
      props.onClose();
      return;
    }
    setSaveErrors(result.errors);
    setSaving({ created: result.created, errors: result.errors.length });
    setViewErrors(false);
    setStep('summary');
  };

  const allErrors = useMemo(
    () => (step === 'summary' ? [...processErrors, ...saveErrors] : processErrors),
    [step, processErrors, saveErrors],
  );
  const downloadErrors = () => {
    try {
      const csv = errorReportCsv(rows, allErrors, columns);
      downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), props.errorFileName ?? 'import-errors.csv');
      notifyDownload();
    } catch (e) {
      notifyDownload(e);
    }
  };

  const tableColumns = useMemo<DataTableColumn<TableRecord>[]>(
    () => [
      { field: 'line', label: 'Row', flex: 1 },
      ...columns.map((c) => ({ field: c, label: props.columnLabels?.[c], flex: 3 })),
      ...(viewErrors ? [{ field: 'error', label: 'Error', flex: 4 }] : []),
    ],
    [columns, props.columnLabels, viewErrors],
  );
  const records = useMemo<TableRecord[]>(() => {
    const byLine = new Map(allErrors.map((e) => [e.line, e.message]));
    const shown = viewErrors ? rows.filter((r) => byLine.has(r.line)) : rows;
    return shown.map((r) => ({
      ...r.values,
      line: r.line,
      error: byLine.get(r.line) ?? '',
      row_state: byLine.has(r.line) ? 'error' : undefined,
    }));
  }, [rows, allErrors, viewErrors]);
  const table = (
    <DataTable<TableRecord>
      label={viewErrors ? 'Rows with errors' : 'Imported rows'}
      rows={records}
      columns={tableColumns}
      rowKey="line"
      page={page}
      onPageChange={setPage}
      pageSizeOptions={IMPORT_PAGE_SIZE_OPTIONS}
    />
  );
  const back = (to: ImportStep) => (
    <Button variant="default" onClick={() => (to === 'importing' ? restart() : setStep(to))}>
      {IMPORT_BUTTONS.back}
    </Button>
  );
  const cancel = (
    <Button variant="default" onClick={close}>
      {IMPORT_BUTTONS.cancel}
    </Button>
  );
  const errorActions = (
    <>
      <Button variant="default" onClick={downloadErrors}>
        {IMPORT_BUTTONS.download}
      </Button>
      <Button variant="light" onClick={() => setViewErrors(true)}>
        {IMPORT_BUTTONS.viewErrors}
      </Button>
    </>
  );

  let title: string = props.title ?? IMPORT_TITLES.importing;
  let body: ReactNode;
  let actions: ReactNode = null;

  if (viewErrors) {
    title = step === 'summary' ? IMPORT_TITLES.summary : IMPORT_TITLES.processingErrors;
    body = table;
    actions = (
      <Button variant="default" onClick={() => setViewErrors(false)}>
        {IMPORT_BUTTONS.back}
      </Button>
    );
  } else if (step === 'importing') {
    body = <UploadBox accept={['csv', 'json']} onFiles={(files) => void onFile(files)} label="Drop a csv or json file here or click to browse" />;
    actions = cancel;
  } else if (step === 'processing') {
    const forward = hasPrompt ? IMPORT_BUTTONS.continue : IMPORT_BUTTONS.import;
    const go = () => (hasPrompt ? setStep(nextImportStep('processing', true)) : void startSaving());
    if (!processed) {
      title = IMPORT_TITLES.processing;
      body = <ImportProgress label="Processing progress" counts={processing} total={rows.length} />;
      actions = cancel;
    } else if (processErrors.length > 0) {
      title = IMPORT_TITLES.processingErrors;
      body = (
        <Stack gap="sm">
          <ImportProgress label="Processing progress" counts={processing} total={rows.length} />
          <Text role="alert">{IMPORT_MESSAGES.partlyProcessed(rows.length - processErrors.length, rows.length)}</Text>
        </Stack>
      );
      actions = (
        <>
          {back('importing')}
          {errorActions}
          <Button onClick={go} disabled={correctRows.length === 0}>
            {forward}
          </Button>
        </>
      );
    } else {
      body = table;
      actions = (
        <>
          {back('importing')}
          {cancel}
          <Button onClick={go}>{forward}</Button>
        </>
      );
    }
  } else if (step === 'confirmation') {
    const deleting = prompt?.kind === 'delete';
    title = deleting ? IMPORT_TITLES.deletionWarning : IMPORT_TITLES.confirmation;
    body = <Text>{deleting ? IMPORT_MESSAGES.deletionWarning(prompt.count) : IMPORT_MESSAGES.confirmation}</Text>;
    actions = (
      <>
        {back(previousImportStep('confirmation', true))}
        {cancel}
        <Button color={deleting ? 'red' : undefined} onClick={() => void startSaving()}>
          {deleting ? IMPORT_BUTTONS.confirmDelete : IMPORT_BUTTONS.import}
        </Button>
      </>
    );
  } else if (step === 'saving') {
    title = IMPORT_TITLES.saving;
    body = <ImportProgress label="Saving progress" counts={saving} total={correctRows.length} />;
  } else {
    title = IMPORT_TITLES.summary;
    body = <UploadSummary created={saving.created} errors={allErrors.length} />;
    actions = (
      <>
        {allErrors.length > 0 && errorActions}
        <Button onClick={close}>{IMPORT_BUTTONS.close}</Button>
      </>
    );
  }

  const dismissible = importDismissible(step);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      centered
      trapFocus
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      withCloseButton={step !== 'saving'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {body}
        {actions && (
          <Group justify="flex-end" gap="sm">
            {actions}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

export function BulkImportDialog(props: BulkImportDialogProps) {
  const [session, setSession] = useState(0);
  const [wasOpened, setWasOpened] = useState(props.opened);
  if (props.opened !== wasOpened) {
    setWasOpened(props.opened);
    if (props.opened) setSession((n) => n + 1);
  }
  return <ImportFlow key={session} {...props} />;
}

/**
 * The state of one import session (headless): the current step, the file's rows, processing and saving progress,
 * the errors of each, and the actions that move between steps. BulkImportDialog renders it.
 */
import { useMemo, useRef, useState } from 'react';
import {
  importFileKind,
  parseImportFile,
  type ImportRow,
  type ImportRowError,
  type ImportStep,
} from '../../../core/bulkImport';
import { showSnackbar } from '../../../core/snackbar';
import type { BulkImportDialogProps, ImportCounts, ImportSaveResult } from './importTypes';

export const ZERO: ImportCounts = { created: 0, errors: 0 };
/** Rows checked between two paints, so the progress bar moves during long checks. */
const PROCESS_BATCH = 50;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useImportFlow(props: BulkImportDialogProps) {
  const [step, setStep] = useState<ImportStep>('importing');
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [processing, setProcessing] = useState<ImportCounts>(ZERO);
  const [processErrors, setProcessErrors] = useState<ImportRowError[]>([]);
  const [processed, setProcessed] = useState(false);
  const [saving, setSaving] = useState<ImportCounts>(ZERO);
  const [saveErrors, setSaveErrors] = useState<readonly ImportRowError[]>([]);
  const [viewErrors, setViewErrors] = useState(false);
  // Bumped by every restart, close and new run: a run that sees another token stops.
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
    for (const [i, row] of all.entries()) {
      let message: string | null;
      try {
        message = await props.processRow(row);
      } catch (e) {
        message = messageOf(e);
      }
      if (token !== run.current) return;
      if (message !== null) errors.push({ line: row.line, message });
      if ((i + 1) % PROCESS_BATCH === 0) {
        setProcessing({ created: i + 1 - errors.length, errors: errors.length });
        await new Promise((r) => setTimeout(r, 0));
        if (token !== run.current) return;
      }
    }
    if (props.checkRows) {
      const failed = new Set(errors.map((e) => e.line));
      errors.push(...props.checkRows(all.filter((r) => !failed.has(r.line))));
      errors.sort((a, b) => a.line - b.line);
    }
    setProcessing({ created: all.length - errors.length, errors: errors.length });
    setProcessErrors(errors);
    setProcessed(true);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const result = parseImportFile(await file.text(), importFileKind(file), { columns: props.columns, maxRows: props.maxRows });
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
      const message = messageOf(e);
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

  return {
    step,
    setStep,
    rows,
    correctRows,
    processing,
    processErrors,
    processed,
    saving,
    allErrors,
    viewErrors,
    setViewErrors,
    restart,
    close,
    onFile,
    startSaving,
  };
}

export type ImportFlowState = ReturnType<typeof useImportFlow>;

/** What the import dialog shows at each step: its title, body and buttons, from the flow's state. */
import { Button, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  errorReportCsv,
  IMPORT_BUTTONS,
  IMPORT_MESSAGES,
  IMPORT_TITLES,
  importProgressPercent,
  nextImportStep,
  previousImportStep,
  type ImportStep,
} from '../../../core/bulkImport';
import { downloadBlob } from '../export/exporters';
import { notifyDownload } from '../snackbars';
import { UploadBox } from '../upload/UploadBox';
import { ImportRowsTable } from './ImportRowsTable';
import type { BulkImportDialogProps, ImportCounts, ImportPrompt } from './importTypes';
import type { ImportFlowState } from './useImportFlow';
import { UploadSummary } from './UploadSummary';

export interface StepView {
  readonly title: string;
  readonly body: ReactNode;
  readonly actions: ReactNode;
}

function ImportProgress({ label, counts, total }: { label: string; counts: ImportCounts; total: number }) {
  return (
    <Stack gap={6}>
      <Progress value={Math.round(importProgressPercent({ ...counts, total }))} aria-label={label} size="lg" animated />
      <Text size="sm" aria-live="polite">{`${counts.created + counts.errors} / ${total}`}</Text>
    </Stack>
  );
}

const PROMPT_TEXT: Record<ImportPrompt['kind'], (prompt: ImportPrompt, rows: number) => { title: string; text: string }> = {
  delete: (p, _rows) => ({
    title: IMPORT_TITLES.deletionWarning,
    text: IMPORT_MESSAGES.deletionWarning(p.kind === 'delete' ? p.count : 0),
  }),
  confirm: () => ({ title: IMPORT_TITLES.confirmation, text: IMPORT_MESSAGES.confirmation }),
  stage: (_p, rows) => ({ title: IMPORT_TITLES.confirmation, text: IMPORT_MESSAGES.staged(rows) }),
};

export function importStepView(flow: ImportFlowState, props: BulkImportDialogProps): StepView {
  const { prompt, columns } = props;
  const hasPrompt = prompt !== undefined;
  const table = (errorsOnly: boolean) => (
    <ImportRowsTable rows={flow.rows} errors={flow.allErrors} columns={columns} columnLabels={props.columnLabels} errorsOnly={errorsOnly} />
  );
  const back = (to: ImportStep) => (
    <Button variant="default" onClick={() => (to === 'importing' ? flow.restart() : flow.setStep(to))}>
      {IMPORT_BUTTONS.back}
    </Button>
  );
  const cancel = (
    <Button variant="default" onClick={flow.close}>
      {IMPORT_BUTTONS.cancel}
    </Button>
  );
  const downloadErrors = () => {
    try {
      const csv = errorReportCsv(flow.rows, flow.allErrors, columns);
      downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), props.errorFileName ?? 'import-errors.csv');
      notifyDownload();
    } catch (e) {
      notifyDownload(e);
    }
  };
  const errorActions = (
    <>
      <Button variant="default" onClick={downloadErrors}>
        {IMPORT_BUTTONS.download}
      </Button>
      <Button variant="light" onClick={() => flow.setViewErrors(true)}>
        {IMPORT_BUTTONS.viewErrors}
      </Button>
    </>
  );
  const total = flow.rows.length;

  if (flow.viewErrors) {
    return {
      title: flow.step === 'summary' ? IMPORT_TITLES.summary : IMPORT_TITLES.processingErrors,
      body: table(true),
      actions: (
        <Button variant="default" onClick={() => flow.setViewErrors(false)}>
          {IMPORT_BUTTONS.back}
        </Button>
      ),
    };
  }
  switch (flow.step) {
    case 'importing':
      return {
        title: props.title ?? IMPORT_TITLES.importing,
        body: <UploadBox accept={['csv', 'json']} onFiles={([file]) => void flow.onFile(file)} label="Drop a csv or json file here or click to browse" />,
        actions: cancel,
      };
    case 'processing': {
      const forward = hasPrompt ? IMPORT_BUTTONS.continue : IMPORT_BUTTONS.import;
      const go = () => (hasPrompt ? flow.setStep(nextImportStep('processing', true)) : void flow.startSaving());
      const progress = <ImportProgress label="Processing progress" counts={flow.processing} total={total} />;
      if (!flow.processed) return { title: IMPORT_TITLES.processing, body: progress, actions: cancel };
      if (flow.processErrors.length > 0) {
        return {
          title: IMPORT_TITLES.processingErrors,
          body: (
            <Stack gap="sm">
              {progress}
              <Text role="alert">{IMPORT_MESSAGES.partlyProcessed(total - flow.processErrors.length, total)}</Text>
              {table(false)}
            </Stack>
          ),
          actions: (
            <>
              {back('importing')}
              {errorActions}
              <Button onClick={go} disabled={flow.correctRows.length === 0}>
                {forward}
              </Button>
            </>
          ),
        };
      }
      return {
        title: props.title ?? IMPORT_TITLES.importing,
        body: table(false),
        actions: (
          <>
            {back('importing')}
            {cancel}
            <Button onClick={go}>{forward}</Button>
          </>
        ),
      };
    }
    case 'confirmation': {
      const p = prompt ?? { kind: 'confirm' };
      const { title, text } = PROMPT_TEXT[p.kind](p, flow.correctRows.length);
      const deleting = p.kind === 'delete';
      return {
        title,
        body: <Text>{text}</Text>,
        actions: (
          <>
            {back(previousImportStep('confirmation', true))}
            {cancel}
            <Button color={deleting ? 'red' : undefined} onClick={() => void flow.startSaving()}>
              {deleting ? IMPORT_BUTTONS.confirmDelete : IMPORT_BUTTONS.import}
            </Button>
          </>
        ),
      };
    }
    case 'saving':
      return {
        title: IMPORT_TITLES.saving,
        body: <ImportProgress label="Saving progress" counts={flow.saving} total={flow.correctRows.length} />,
        actions: null,
      };
    case 'summary':
      return {
        title: IMPORT_TITLES.summary,
        body:
          prompt?.kind === 'stage' ? (
            // Staged rows are in the table, not stored: the summary does not say "created" before Save.
            <Stack gap="sm">
              <UploadSummary created={flow.saving.created} errors={flow.allErrors.length} createdTitle="Added to the table" />
              <Text size="sm">{IMPORT_MESSAGES.staged(flow.saving.created)}</Text>
            </Stack>
          ) : (
            <UploadSummary created={flow.saving.created} errors={flow.allErrors.length} />
          ),
        actions: (
          <>
            {flow.allErrors.length > 0 && errorActions}
            <Button onClick={flow.close}>{IMPORT_BUTTONS.close}</Button>
          </>
        ),
      };
  }
}

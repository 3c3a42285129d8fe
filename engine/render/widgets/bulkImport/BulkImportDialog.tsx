/**
 * The bulk-import dialog (spec 002 §2, §5, §8, §9). Steps in order: importing (a csv or json file), processing
 * (each row checked, with progress, then the rows checked together), confirmation (only when a prompt is
 * configured: the deletion warning, the import confirmation, or the note that rows are staged until Save), saving
 * (with progress), summary. Processing and saving show created plus errors over total. Saving without errors closes
 * the dialog; errors lead to the summary, whose error view offers Back, Download (the file with the errors
 * highlighted) and View Errors. Backdrop and Escape close it only at the summary. One dialog throughout: a step line
 * says where the import stands; the check shows every row with its error beside it; a staged import's summary says
 * the rows were added to the table, not created.
 *
 * Parts: useImportFlow (state and actions), importStepView (title, body and buttons per step), ImportRowsTable.
 */
import { Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { importDismissible, importSteps, type ImportStep } from '../../../core/bulkImport';
import { importStepView } from './importStepView';
import type { BulkImportDialogProps } from './importTypes';
import { useImportFlow } from './useImportFlow';

export type { BulkImportDialogProps, ImportCounts, ImportPrompt, ImportSaveResult } from './importTypes';

/** What each step is called in the dialog's step line. */
const STEP_NAMES: Record<ImportStep, string> = {
  importing: 'Upload',
  processing: 'Check',
  confirmation: 'Confirm',
  saving: 'Import',
  summary: 'Summary',
};

/**
 * Where the import stands, above every step: one dialog going through its steps ("1 Upload › 2 Check › …"), the
 * current one marked for screen readers.
 */
function ImportStepLine({ step, hasPrompt }: { step: ImportStep; hasPrompt: boolean }) {
  const steps = importSteps(hasPrompt);
  return (
    <Group component="ol" aria-label="Import steps" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
      {steps.map((s, i) => (
        <Text
          component="li"
          key={s}
          size="sm"
          aria-current={s === step ? 'step' : undefined}
          fw={s === step ? 700 : undefined}
          c={s === step ? undefined : 'dimmed'}
        >
          {`${i + 1} ${STEP_NAMES[s]}${i < steps.length - 1 ? ' ›' : ''}`}
        </Text>
      ))}
    </Group>
  );
}

/** One import session; a new one (fresh state) starts every time the dialog opens. */
function ImportFlow(props: BulkImportDialogProps) {
  const flow = useImportFlow(props);
  const { title, body, actions } = importStepView(flow, props);
  const dismissible = importDismissible(flow.step);
  return (
    <Modal
      opened={props.opened}
      onClose={flow.close}
      title={title}
      size="xl"
      centered
      trapFocus
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      withCloseButton={flow.step !== 'saving'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <ImportStepLine step={flow.step} hasPrompt={props.prompt !== undefined} />
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

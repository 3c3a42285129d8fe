import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emailAllowList } from '../../../definitions/policy/email/emailAllowList';
import { AllowListEntry, EmailAllowListDocument } from '../../../schemas/areas/emailAllowList';
import { VALIDATOR_MESSAGES } from '../../../schemas/validators';
import { renderUi } from '../../../tests/setup/component';
import { IMPORT_MESSAGES } from '../../core/bulkImport';
import { listIssues } from './listIssues';
import { rowIssue } from './RowImport';
import { TableView, type TableLayoutDef } from './TableView';

const layout = emailAllowList.layout as unknown as TableLayoutDef;

describe('RowImport', () => {
  it("names a bad row's problem with the field label and the zod issue message", () => {
    const labels = new Map([['sender', 'Sender']]);
    expect(rowIssue(AllowListEntry, { id: 'x', sender: 'not a sender!', comment: '', enabled: true }, labels)).toBe(
      `Sender: ${VALIDATOR_MESSAGES.invalidDomain}`,
    );
    expect(rowIssue(AllowListEntry, { id: 'x', sender: 'ok.example.com', comment: '', enabled: true }, labels)).toBeNull();
  });

  it('imports the good rows of a file after the processing errors and the confirmation', async () => {
    const onChange = vi.fn();
    renderUi(<TableView title="Email Allow List" layout={layout} rowSchema={AllowListEntry} rows={[]} onChange={onChange} readOnly={false} />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const file = new File(['good.example.com,Partner\nbad sender!,Typo\n'], 'senders.csv', { type: 'text/csv' });
    await user.upload(within(await screen.findByRole('dialog')).getByTestId('upload-input'), file);
    const errors = await screen.findByRole('dialog', { name: 'Processing Errors' });
    expect(within(errors).getByText(IMPORT_MESSAGES.partlyProcessed(1, 2))).toBeTruthy();
    await user.click(within(errors).getByRole('button', { name: 'Continue' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Import' })).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toEqual([expect.objectContaining({ sender: 'good.example.com', comment: 'Partner', enabled: true })]);
  });

  it('reads the documented header row and refuses, while processing, a sender already listed or twice in the file', async () => {
    const onChange = vi.fn();
    const rows = [{ id: 'a', sender: 'listed.example.com', comment: '', enabled: true }];
    const validateRows = (next: readonly unknown[]) => listIssues(EmailAllowListDocument, { list: next }, 'list.');
    renderUi(
      <TableView title="Email Allow List" layout={layout} rowSchema={AllowListEntry} rows={rows} onChange={onChange} readOnly={false} validateRows={validateRows} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const text = 'sender,comment\nnew.example.com,New\nlisted.example.com,Again\nnew.example.com,Twice\n';
    await user.upload(within(await screen.findByRole('dialog')).getByTestId('upload-input'), new File([text], 'senders.csv', { type: 'text/csv' }));
    const errors = await screen.findByRole('dialog', { name: 'Processing Errors' });
    expect(within(errors).getByText(IMPORT_MESSAGES.partlyProcessed(1, 3))).toBeTruthy();
    await user.click(within(errors).getByRole('button', { name: 'View Errors' }));
    const grid = await screen.findByRole('grid', { name: 'Rows with errors' });
    expect(within(grid).getByText('listed.example.com')).toBeTruthy();
    expect(within(grid).getAllByText(/already listed/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Import' });
    expect(within(confirm).getByText(IMPORT_MESSAGES.staged(1))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toEqual([rows[0], expect.objectContaining({ sender: 'new.example.com', comment: 'New' })]);
  });
});

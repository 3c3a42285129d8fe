import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import type { ImportRow } from '../../../core/bulkImport';
import { currentSnackbars, dismissSnackbar } from '../../../core/snackbar';
import { BulkImportDialog, type BulkImportDialogProps, type ImportCounts, type ImportSaveResult } from './BulkImportDialog';

const columns = ['destination', 'comment'];
const csv = (text: string, name = 'rules.csv') => new File([text], name, { type: 'text/csv' });
const validDomain = (row: ImportRow) => (/^[a-z0-9.-]+\.[a-z]{2,}$/.test(row.values.destination ?? '') ? null : 'Enter a valid domain');

function open(overrides: Partial<BulkImportDialogProps> = {}) {
  const props: BulkImportDialogProps = {
    opened: true,
    onClose: vi.fn(),
    onComplete: vi.fn(),
    columns,
    maxRows: 3,
    processRow: validDomain,
    save: vi.fn(async (rows: readonly ImportRow[]) => ({ created: rows.length, errors: [] })),
    ...overrides,
  };
  renderUi(<BulkImportDialog {...props} />);
  return props;
}

async function drop(file: File) {
  const zone = screen.getByRole('button', { name: /Drop a csv or json file/ });
  await act(async () => {
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
  });
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading').textContent;
const lastSnackbar = () => currentSnackbars().at(-1);

afterEach(() => {
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});

describe('BulkImportDialog: the file', () => {
  it('accepts csv and json only', async () => {
    open();
    await drop(new File(['a'], 'rules.txt', { type: 'text/plain' }));
    expect(lastSnackbar()?.message).toBe('Invalid file type uploaded');
    expect(title()).toBe('Import');
  });

  it("says 'Invalid file uploaded' for a file without rows", async () => {
    open();
    await drop(csv('\n   \n'));
    expect(lastSnackbar()?.message).toBe('Invalid file uploaded');
  });

  it('aborts with the row-limit snackbar over the maximum', async () => {
    const props = open();
    await drop(csv('a.com\nb.com\nc.com\nd.com'));
    expect(lastSnackbar()).toMatchObject({ kind: 'error', message: 'Processing failed. Attempt 3 (or fewer) at a time.' });
    expect(title()).toBe('Import');
    expect(props.save).not.toHaveBeenCalled();
  });

  it('does not count a $-header row', async () => {
    open();
    await drop(csv('$destination,$comment\na.com,x\nb.com,y\nc.com,z'));
    expect(await screen.findByRole('grid', { name: 'Imported rows' })).toBeTruthy();
  });
});

describe('BulkImportDialog: the steps', () => {
  it('processes, shows the import table (page size 3) and closes itself after saving without errors', async () => {
    const props = open({ maxRows: 10 });
    await drop(csv('a.com,one\nb.com,two\nc.com,three\nd.com,four'));
    const grid = await screen.findByRole('grid', { name: 'Imported rows' });
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 3);
    const size = (await screen.findByLabelText('Rows per page:')) as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['3', '10', '25', '50', '100']);
    expect(size.value).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(props.save).toHaveBeenCalledWith(
      [expect.objectContaining({ line: 1, values: { destination: 'a.com', comment: 'one' } }), expect.anything(), expect.anything(), expect.anything()],
      expect.any(Function),
    );
    expect(props.onComplete).toHaveBeenCalledWith({ created: 4, errors: 0, total: 4 });
  });

  it('asks the deletion warning before saving when a delete prompt is configured', async () => {
    const props = open({ prompt: { kind: 'delete', count: 5 } });
    await drop(csv('a.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(title()).toBe('Deletion Warning');
    expect(within(dialog()).getByText('If you choose to proceed 5 items will be deleted. This cannot be undone.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('grid', { name: 'Imported rows' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(props.save).toHaveBeenCalled());
  });

  it('asks the import confirmation when a confirm prompt is configured', async () => {
    const props = open({ prompt: { kind: 'confirm' } });
    await drop(csv('a.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(
      within(dialog()).getByText(
        'Once you confirm your changes on the next screen, the selected items will be uploaded. This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
  });

  it('says that staged rows are stored only by Save', async () => {
    const props = open({ prompt: { kind: 'stage' } });
    await drop(csv('a.com\nb.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(within(dialog()).getByText('2 rows are added to the table. Nothing is stored until you select Save; Discard changes removes them again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(props.save).toHaveBeenCalled());
  });

  it('reports the rows the cross-row check refuses (a duplicate of a listed entry) as processing errors', async () => {
    const listed = new Set(['b.com']);
    const props = open({
      checkRows: (rows) => rows.filter((r) => listed.has(r.values.destination ?? '')).map((r) => ({ line: r.line, message: 'Already listed' })),
    });
    await drop(csv('destination,comment\na.com,x\nb.com,y\nnot a domain,z'));
    expect(await screen.findByText('1 of 3 rows were processed correctly.', { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'View Errors' }));
    const grid = await screen.findByRole('grid', { name: 'Rows with errors' });
    expect(within(grid).getByText('Already listed')).toBeTruthy();
    expect(within(grid).getByText('Enter a valid domain')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(props.save).toHaveBeenCalledWith([{ line: 1, values: { destination: 'a.com', comment: 'x' } }], expect.any(Function)));
  });

  it('shows saving progress as created plus errors over total', async () => {
    let report: (c: ImportCounts) => void = () => undefined;
    let finish: (r: ImportSaveResult) => void = () => undefined;
    open({
      save: (_rows, progress) => {
        report = progress;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    await drop(csv('a.com\nb.com\nc.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(title()).toBe('Saving');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => report({ created: 1, errors: 1 }));
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Saving progress' }).getAttribute('aria-valuenow')).toBe('67');
    await act(async () => finish({ created: 2, errors: [{ line: 3, message: 'Already exists' }] }));
    expect(title()).toBe('Import Summary');
  });
});

describe('BulkImportDialog: errors', () => {
  it('offers Back, Download and View Errors after processing errors', async () => {
    const created: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push({ name: '', text: (b as Blob).text() });
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.at(-1)!.name = this.download;
    });
    open();
    await drop(csv('a.com,ok\nbad host,oops\nc.com,ok'));
    await screen.findByText(/rows were processed correctly/);
    expect(title()).toBe('Processing Errors');
    expect(screen.getByRole('alert').textContent).toContain(
      '2 of 3 rows were processed correctly. Only the correct rows will be imported if you proceed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(created[0]!.name).toBe('import-errors.csv');
    expect(await created[0]!.text).toContain('bad host,oops,Enter a valid domain');
    await userEvent.click(screen.getByRole('button', { name: 'View Errors' }));
    const grid = screen.getByRole('grid', { name: 'Rows with errors' });
    expect(within(grid).getByText('Enter a valid domain')).toBeTruthy();
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'View Errors' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(title()).toBe('Import');
    vi.restoreAllMocks();
  });

  it('saves only the correct rows and sums up with the error count', async () => {
    const props = open();
    await drop(csv('a.com\nbad host\nc.com'));
    await screen.findByText(/rows were processed correctly/);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('group', { name: 'Upload summary' });
    expect((props.save as ReturnType<typeof vi.fn>).mock.calls[0]![0].map((r: ImportRow) => r.line)).toEqual([1, 3]);
    expect(screen.getByRole('group', { name: 'Created' }).textContent).toContain('2');
    expect(screen.getByRole('group', { name: 'Errors' }).textContent).toContain('1');
    expect(screen.getByRole('button', { name: 'View Errors' })).toBeTruthy();
    expect(props.onClose).not.toHaveBeenCalled();
    expect(props.onComplete).toHaveBeenCalledWith({ created: 2, errors: 1, total: 3 });
  });

  it('closes by Escape only at the summary', async () => {
    const props = open();
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).not.toHaveBeenCalled();
    await drop(csv('bad host\nc.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    await screen.findByRole('group', { name: 'Upload summary' });
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });
});

describe('BulkImportDialog: one dialog through its steps', () => {
  const stepLine = () => within(within(dialog()).getByRole('list', { name: 'Import steps' }));
  const current = () => stepLine().getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step')?.textContent;

  it('says which step it is at, shows the rows with their errors beside them at once, and does not call staged rows created', async () => {
    const props = open({ prompt: { kind: 'stage' }, save: vi.fn(async (rows: readonly ImportRow[]) => ({ created: rows.length, errors: [] })) });
    expect(stepLine().getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 Upload ›', '2 Check ›', '3 Confirm ›', '4 Import ›', '5 Summary']);
    expect(current()).toBe('1 Upload ›');
    await drop(csv('a.com\nnot a domain\nb.com'));
    expect(await screen.findByText('2 of 3 rows were processed correctly.', { exact: false })).toBeTruthy();
    expect(current()).toBe('2 Check ›');
    // Every row of the file, the refused one with its whole message, without a further click.
    const grid = within(dialog()).getByRole('grid', { name: 'Imported rows' });
    expect(within(grid).getByText('Enter a valid domain')).toBeTruthy();
    expect(within(grid).getByText('a.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(current()).toBe('3 Confirm ›');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(props.save).toHaveBeenCalled());
    expect(await within(dialog()).findByRole('group', { name: 'Added to the table' })).toBeTruthy();
    expect(within(dialog()).queryByRole('group', { name: 'Created' })).toBeNull();
    expect(within(dialog()).getByText('2 rows are added to the table. Nothing is stored until you select Save; Discard changes removes them again.')).toBeTruthy();
    expect(current()).toBe('5 Summary');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SslBypassEntry } from '../../../schemas/areas/sslBypass';
import { renderUi } from '../../../tests/setup/component';
import { TableView, type Row, type TableLayoutDef } from './TableView';

const layout: TableLayoutDef = {
  kind: 'table',
  rows: 'list',
  rowKey: 'id',
  columns: [{ field: 'destination' }, 'comment'],
  rowFields: { id: { widget: 'hidden' }, comment: { widget: 'textarea' } },
  newRow: { destination: '', comment: '', enabled: true },
};

const start: Row[] = [
  { id: 'a', destination: 'bank.example.com', comment: '', enabled: true },
  { id: 'b', destination: '10.0.0.0/8', comment: '', enabled: true },
  { id: 'c', destination: 'health.example.com', comment: '', enabled: true },
];

/** The table with its rows kept, as the document view keeps them until Save. */
function Kept({ initial }: { initial: Row[] }) {
  const [rows, setRows] = useState<Row[]>(initial);
  return <TableView title="SSL Bypass" layout={layout} rowSchema={SslBypassEntry} rows={rows} onChange={setRows} readOnly={false} />;
}

const rowOf = (name: string) => screen.getByRole('button', { name: `Delete ${name}` }).closest('tr');

async function deleteRow(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete entry' });
  // The safe choice has the focus, not the close icon.
  await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })));
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete entry' })).toBeNull());
}

describe('TableView keeps the keyboard focus', () => {
  it('a delete confirmation opens on Cancel, and after the delete the focus is on the row that took its place', async () => {
    renderUi(<Kept initial={start} />);
    const user = userEvent.setup();
    await deleteRow(user, '10.0.0.0/8');
    await waitFor(() => expect(document.activeElement).toBe(rowOf('health.example.com')));
    // Still there after the dialog's own focus return has had its turn.
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(rowOf('health.example.com'));
  });

  it('deleting the last row focuses the row before it; deleting the only row focuses Add', async () => {
    renderUi(<Kept initial={start.slice(0, 2)} />);
    const user = userEvent.setup();
    await deleteRow(user, '10.0.0.0/8');
    await waitFor(() => expect(document.activeElement).toBe(rowOf('bank.example.com')));
    await deleteRow(user, 'bank.example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));
  });

  it('the delete-selected warning opens on Cancel, and the focus goes to the first row left after it', async () => {
    renderUi(<Kept initial={start} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const warning = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(warning).getByRole('button', { name: 'Cancel' })));
    await user.click(within(warning).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(rowOf('health.example.com')));
  });

  it('Add opens on the first field, and after Add the focus is on the new row (also when the list was empty)', async () => {
    renderUi(<Kept initial={[]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Destination/)));
    await user.keyboard('shop.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(document.activeElement).toBe(rowOf('shop.example.com')));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(rowOf('shop.example.com'));
  });
});

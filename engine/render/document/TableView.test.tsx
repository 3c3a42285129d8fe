import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { validateStorage } from '../../../definitions/api/settings';
import { optionsFrom } from '../../../definitions/define';
import { connectorClusters } from '../../../definitions/privateAccess/connectorClusters';
import { SslBypassEntry } from '../../../schemas/areas/sslBypass';
import { WebException } from '../../../schemas/areas/webExceptions';
import { withValueLabels } from '../../../schemas/enums';
import { VALIDATOR_MESSAGES } from '../../../schemas/validators';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { TableView, type Row, type TableLayoutDef } from './TableView';

const layout: TableLayoutDef = {
  kind: 'table',
  rows: 'list',
  rowKey: 'id',
  orderable: true,
  columns: [{ field: 'destination' }, 'comment', { field: 'enabled', format: 'boolean', center: true }],
  rowFields: { id: { widget: 'hidden' }, comment: { widget: 'textarea' } },
  newRow: { destination: '', comment: '', enabled: true },
};

const rows: Row[] = [
  { id: 'a', destination: 'bank.example.com', comment: 'Banking', enabled: true },
  { id: 'b', destination: '10.0.0.0/8', comment: '', enabled: false },
];

function setup(readOnly: boolean) {
  const onChange = vi.fn();
  renderUi(<TableView title="SSL Bypass" layout={layout} rowSchema={SslBypassEntry} rows={rows} onChange={onChange} readOnly={readOnly} />);
  return { onChange, user: userEvent.setup() };
}

describe('TableView', () => {
  it('shows the rows with the definition columns for everyone', () => {
    setup(true);
    const table = screen.getByRole('grid', { name: 'SSL Bypass' });
    // The rows are ordered: a reader, who cannot move them, sees each one's position.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Destination', 'Comment', 'Enabled', 'Details']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2']);
    expect(within(table).getByText('bank.example.com')).toBeTruthy();
    expect(within(table).getByText('No')).toBeTruthy();
  });

  it('a column the definition marks secondary makes room while the table is narrow, and the column chooser shows it', async () => {
    localStorage.clear();
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    try {
      const narrow: TableLayoutDef = { ...layout, columns: [{ field: 'destination' }, { field: 'comment', secondary: true }, { field: 'enabled', format: 'boolean', center: true }] };
      renderUi(<TableView title="SSL Bypass" layout={narrow} rowSchema={SslBypassEntry} rows={rows} onChange={vi.fn()} readOnly persistKey="test.bypass" />);
      const table = screen.getByRole('grid', { name: 'SSL Bypass' });
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Destination', 'Enabled', 'Details']);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Columns and density of SSL Bypass' }));
      const chooser = await screen.findByRole('group', { name: 'Columns of SSL Bypass' });
      expect((within(chooser).getByRole('checkbox', { name: 'Comment' }) as HTMLInputElement).checked).toBe(false);
    } finally {
      width.mockRestore();
      localStorage.clear();
    }
  });

  it('read-only: a "Read only" badge and no edit controls at all', () => {
    setup(true);
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Drag handle' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('writable: add a row through the row form, with the validator message for a bad destination', async () => {
    const { onChange, user } = setup(false);
    expect(screen.queryByText('Read only')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    const destination = within(dialog).getByLabelText(/^Destination/);
    await user.type(destination, 'not a destination');
    expect(await within(dialog).findByText(VALIDATOR_MESSAGES.invalidDomainIpOrCidr)).toBeTruthy();
    await user.clear(destination);
    await user.type(destination, '*.health.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const next = onChange.mock.calls[0]![0] as Row[];
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({ destination: '*.health.example.org', comment: '', enabled: true });
    expect(typeof next[2]!.id).toBe('string');
    expect(String(next[2]!.id).length).toBeGreaterThan(0);
  });

  it('writable: edit, delete with confirmation and move rows', async () => {
    const { onChange, user } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Edit bank.example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    await user.type(within(dialog).getByLabelText(/^Comment/), ' and health');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect((onChange.mock.calls[0]![0] as Row[])[0]).toMatchObject({ id: 'a', comment: 'Banking and health' });

    await user.click(screen.getByRole('button', { name: 'Delete 10.0.0.0/8' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete entry' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((onChange.mock.calls[1]![0] as Row[]).map((r) => r.id)).toEqual(['a']);

  });

  it('writable: reorder by typing a position, with a drag cell on every row', async () => {
    const { onChange, user } = setup(false);
    expect(screen.getAllByRole('cell', { name: 'Drag to reorder' })).toHaveLength(2);
    const position = screen.getByRole('textbox', { name: 'Position of row 1' });
    await user.clear(position);
    await user.type(position, '2{Enter}');
    expect((onChange.mock.calls[0]![0] as Row[]).map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('writable: deletes the selected rows after the deletion warning', async () => {
    const { onChange, user } = setup(false);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const warning = await screen.findByRole('dialog', { name: 'Deletion Warning' });
    expect(within(warning).getByText('If you choose to proceed 2 items will be deleted. This cannot be undone.')).toBeTruthy();
    await user.click(within(warning).getByRole('button', { name: 'Yes, Delete' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('expands one row to show its other fields', async () => {
    const { user } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Expand row 2' }));
    expect(await screen.findByText('Enabled:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collapse row 2' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('expanded details word nested values: labels of enumerations, objects by their fields, never JSON', async () => {
    const rule = { id: 'r', name: 'Finance', enabled: true, conditions: { entities: [{ type: 'group', name: 'Finance' }], uri: [{ match: 'contains', value: '/pay/' }] }, action: 'safeview', transferDirection: 'all', comment: '' };
    const rules: TableLayoutDef = { kind: 'table', rows: 'list', rowKey: 'id', columns: ['name'], rowFields: { id: { widget: 'hidden' } } };
    renderUi(<TableView title="Rules" layout={rules} rowSchema={WebException} rows={[rule]} onChange={vi.fn()} readOnly />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Expand row 1' }));
    const details = (await screen.findByText('Users and groups:')).closest('div')!.textContent!;
    expect(details).toContain('Users and groups: Group Finance');
    expect(details).toContain('URL: Contains /pay/');
    expect(details).toContain('Action: Isolate');
    expect(details).not.toMatch(/[{}[\]"]/);
  });

  it('runs a row action of the definition with the row', async () => {
    const onRowAction = vi.fn();
    renderUi(
      <TableView
        title="SSL Bypass"
        layout={{ ...layout, rowActions: [{ id: 'check', label: 'Validate', operation: validateStorage }] }}
        rowSchema={SslBypassEntry}
        rows={rows}
        onChange={() => {}}
        readOnly={false}
        onRowAction={onRowAction}
      />,
    );
    const user = userEvent.setup();
    // Row actions of the definition sit in the row's "More actions" menu, beside the Edit and Delete icons.
    await user.click(screen.getByRole('button', { name: 'More actions for 10.0.0.0/8' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Validate' }));
    expect(onRowAction).toHaveBeenCalledWith(expect.objectContaining({ id: 'check' }), rows[1]);
  });

  it('shows the server errors of a save on their row', () => {
    renderUi(
      <TableView
        title="SSL Bypass"
        layout={layout}
        rowSchema={SslBypassEntry}
        rows={rows}
        onChange={() => {}}
        readOnly={false}
        errors={[{ path: '1.destination', key: 'invalidDomainIpOrCidr', message: 'Not allowed here.' }]}
      />,
    );
    expect(screen.getByText('Destination: Not allowed here.')).toBeTruthy();
  });

  it('a column over a field that refers to another screen shows the referenced row by its name, not its id', async () => {
    const call = vi.fn(async (id: string) =>
      id === 'policy.revision'
        ? { staged_rev_id: 4, rev_id: 3, state: 'staged', updated_at: '2026-01-01T00:00:00Z' }
        : { list: [{ id: 'cl-1', name: 'Frankfurt data centre' }] },
    ) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
    const refLayout: TableLayoutDef = {
      kind: 'table',
      rows: 'list',
      rowKey: 'id',
      columns: ['name', { field: 'cluster_id', label: 'Cluster' }],
      rowFields: { cluster_id: { widget: 'select', optionsFrom: optionsFrom(connectorClusters, 'list', 'id', 'name') } },
    };
    const rowSchema = z.object({ id: z.string(), name: z.string(), cluster_id: z.string() });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <TableView title="Applications" layout={refLayout} rowSchema={rowSchema} rows={[{ id: 'a', name: 'ERP', cluster_id: 'cl-1' }]} onChange={() => {}} readOnly />
      </EngineProvider>,
    );
    const table = screen.getByRole('grid', { name: 'Applications' });
    expect(await within(table).findByText('Frankfurt data centre')).toBeTruthy();
    expect(within(table).queryByText('cl-1')).toBeNull();
    // A policy area's document is read at the staged revision (its path has no revision otherwise).
    expect(call).toHaveBeenCalledWith(connectorClusters.operationIds.read, { params: { rev: 4 } }, expect.anything());
  });

  it('a number column shows the word of a special value ("No limit" for 0)', () => {
    const limitLayout: TableLayoutDef = { kind: 'table', rows: 'list', rowKey: 'id', columns: ['name', 'limit'] };
    const rowSchema = z.object({ id: z.string(), name: z.string(), limit: withValueLabels(z.number().meta({ title: 'Limit' }), { 0: 'No limit' }) });
    renderUi(<TableView title="Limits" layout={limitLayout} rowSchema={rowSchema} rows={[{ id: 'a', name: 'Video', limit: 0 }, { id: 'b', name: 'Files', limit: 300 }]} onChange={() => {}} readOnly />);
    const cells = within(screen.getByRole('grid', { name: 'Limits' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells.map((r) => r.slice(0, 2))).toEqual([['Video', 'No limit'], ['Files', '300']]);
  });
});

import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import type { DataTableColumn } from './columns';
import { DataTable, STICKY_HEADER_Z_INDEX, type DataTableProps } from './DataTable';
import { moveRow, type PageChange, type RowPositionChange } from './rowOrder';
import type { RowKey } from './selection';

interface Rule {
  id: string;
  name: string;
  size: number;
  row_state?: 'error' | 'soft-error' | 'warning' | 'info' | 'none';
  text_color?: string;
}

const makeRules = (n: number): Rule[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}`, name: `Rule ${i + 1}`, size: (i * 7) % 5 }));

const columns: DataTableColumn<Rule>[] = [
  { field: 'name', sortable: true, flex: 2 },
  { field: 'size', sortable: true, reverseSort: true, center: true },
];

const bodyRows = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row-key'));

function Harness(props: Partial<DataTableProps<Rule>> & { initial?: Rule[] }) {
  const [rows, setRows] = useState(props.initial ?? makeRules(5));
  const [selected, setSelected] = useState<readonly RowKey[]>([]);
  return (
    <DataTable<Rule>
      label="Rules"
      columns={columns}
      rowKey="id"
      selectionMode="multiple"
      {...props}
      rows={rows}
      selected={selected}
      onSelectedChange={(k) => {
        setSelected(k);
        props.onSelectedChange?.(k);
      }}
      onRowPositionChange={(e) => {
        setRows((r) => moveRow(r, e.currPosition, e.newPosition));
        props.onRowPositionChange?.(e);
      }}
    />
  );
}

describe('DataTable rendering', () => {
  it('shows the columns, the rows, the row states and text colours', () => {
    const rows: Rule[] = [
      { id: 'a', name: 'Alpha', size: 1, row_state: 'error' },
      { id: 'b', name: 'Beta', size: 2, row_state: 'soft-error', text_color: 'rgb(255, 0, 0)' },
      { id: 'c', name: 'Gamma', size: 3, row_state: 'warning' },
      { id: 'd', name: 'Delta', size: 4, row_state: 'info' },
    ];
    renderUi(<DataTable label="Rules" rows={rows} columns={columns} rowKey="id" />);
    const table = screen.getByRole('grid', { name: 'Rules' });
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toBeTruthy();
    const [a, b, c, d] = bodyRows();
    expect(a!.dataset.rowState).toBe('error');
    expect(b!.dataset.rowState).toBe('soft-error');
    expect(c!.dataset.rowState).toBe('warning');
    expect(d!.dataset.rowState).toBe('info');
    expect(b!.style.color).toBe('rgb(255, 0, 0)');
    expect(within(a!).getByText('Error:')).toBeTruthy();
  });

  it('keeps the header sticky above the rows', () => {
    renderUi(<DataTable label="Rules" rows={makeRules(2)} columns={columns} rowKey="id" />);
    const thead = screen.getByRole('grid').querySelector('thead')!;
    expect(thead.style.position).toBe('sticky');
    expect(thead.style.zIndex).toBe(String(STICKY_HEADER_Z_INDEX));
    expect(STICKY_HEADER_Z_INDEX).toBe(100);
  });

  it('shows the empty-result notice without rows', () => {
    renderUi(<DataTable label="Rules" rows={[]} columns={columns} rowKey="id" />);
    expect(screen.getByRole('status').textContent).toContain('No results found');
  });
});

describe('DataTable selection', () => {
  it('selects a single row with its checkbox', async () => {
    const onSelectedChange = vi.fn();
    renderUi(<Harness onSelectedChange={onSelectedChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r2']);
    expect(bodyRows()[1]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith([]);
  });

  it('selects a range with shift held, skipping disabled rows', async () => {
    const onSelectedChange = vi.fn();
    renderUi(<Harness onSelectedChange={onSelectedChange} isRowDisabled={(r) => r.id === 'r3'} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 4' }), { shiftKey: true });
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r1', 'r2', 'r4']);
  });

  it('replaces the selection in single mode', async () => {
    const onSelectedChange = vi.fn();
    renderUi(<Harness selectionMode="single" onSelectedChange={onSelectedChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r3']);
    expect(screen.queryByRole('checkbox', { name: 'Select all rows' })).toBeNull();
  });

  it('master checkbox selects every enabled row, and clears when any is selected', async () => {
    const onSelectedChange = vi.fn();
    renderUi(<Harness onSelectedChange={onSelectedChange} isRowDisabled={(r) => r.id === 'r2'} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r1', 'r3', 'r4', 'r5']);
    const master = screen.getByRole('checkbox', { name: 'Clear selection' }) as HTMLInputElement;
    expect(master.checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect((screen.getByRole('checkbox', { name: 'Clear selection' }) as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clear selection' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith([]);
  });

  it('selects from the keyboard: arrows move, Space toggles, Shift+Space spans', async () => {
    const onSelectedChange = vi.fn();
    renderUi(<Harness onSelectedChange={onSelectedChange} />);
    const first = bodyRows()[0]!;
    expect(first.tabIndex).toBe(0);
    expect(bodyRows()[1]!.tabIndex).toBe(-1);
    act(() => first.focus());
    await userEvent.keyboard(' ');
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r1']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(bodyRows()[2]);
    await userEvent.keyboard('{Shift>} {/Shift}');
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r1', 'r2', 'r3']);
  });
});

describe('DataTable expansion', () => {
  it('expands one row at a time', async () => {
    const renderExpanded = (r: Rule) => <p>Details of {r.name}</p>;
    renderUi(<DataTable label="Rules" rows={makeRules(3)} columns={columns} rowKey="id" renderExpanded={renderExpanded} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 1' }));
    expect(screen.getByText('Details of Rule 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collapse row 1' }).getAttribute('aria-expanded')).toBe('true');
    const hidden = (text: string) => screen.queryByText(text)?.closest('tr')?.getAttribute('aria-hidden') === 'true';
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 2' }));
    expect(screen.getByRole('button', { name: 'Expand row 1' }).getAttribute('aria-expanded')).toBe('false');
    // Row 1 closes with the collapse transition: hidden, then gone.
    await waitFor(() => expect(hidden('Details of Rule 1') || screen.queryByText('Details of Rule 1') === null).toBe(true));
    expect(hidden('Details of Rule 2')).toBe(false);
    expect(screen.getByText('Details of Rule 2').closest('[style*="225ms"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse row 2' }));
    expect(screen.getByRole('button', { name: 'Expand row 2' }).getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(hidden('Details of Rule 2') || screen.queryByText('Details of Rule 2') === null).toBe(true));
  });

  it('toggles the focused row with Enter', async () => {
    renderUi(
      <DataTable label="Rules" rows={makeRules(2)} columns={columns} rowKey="id" renderExpanded={(r) => <p>More {r.id}</p>} />,
    );
    act(() => bodyRows()[0]!.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('More r1')).toBeTruthy();
  });
});

describe('DataTable reordering', () => {
  it('moves a row to a typed position', async () => {
    const onRowPositionChange = vi.fn<(e: RowPositionChange<Rule>) => void>();
    renderUi(<Harness onRowPositionChange={onRowPositionChange} />);
    const input = screen.getByRole('textbox', { name: 'Position of row 1' });
    await userEvent.clear(input);
    await userEvent.type(input, '3{Enter}');
    expect(onRowPositionChange).toHaveBeenCalledWith({ item: expect.objectContaining({ id: 'r1' }), currPosition: 0, newPosition: 2 });
    expect(bodyRows().map((r) => r.dataset.rowKey)).toEqual(['r2', 'r3', 'r1', 'r4', 'r5']);
  });

  it('refuses a position out of range and restores the shown one', async () => {
    const onRowPositionChange = vi.fn();
    renderUi(<Harness onRowPositionChange={onRowPositionChange} />);
    const input = screen.getByRole('textbox', { name: 'Position of row 2' }) as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '9{Enter}');
    expect(onRowPositionChange).not.toHaveBeenCalled();
    expect(input.value).toBe('2');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('moves a row by drag and drop', () => {
    const onRowPositionChange = vi.fn();
    renderUi(<Harness onRowPositionChange={onRowPositionChange} />);
    const [r1, , , r4] = bodyRows();
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(r4!, { dataTransfer });
    fireEvent.dragOver(r1!, { dataTransfer });
    fireEvent.drop(r1!, { dataTransfer });
    expect(onRowPositionChange).toHaveBeenCalledWith({ item: expect.objectContaining({ id: 'r4' }), currPosition: 3, newPosition: 0 });
    expect(bodyRows().map((r) => r.dataset.rowKey)).toEqual(['r4', 'r1', 'r2', 'r3', 'r5']);
  });

  it('moves the focused row with Alt+Arrow keys', async () => {
    const onRowPositionChange = vi.fn();
    renderUi(<Harness onRowPositionChange={onRowPositionChange} />);
    act(() => bodyRows()[0]!.focus());
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onRowPositionChange).toHaveBeenCalledWith(expect.objectContaining({ currPosition: 0, newPosition: 1 }));
    expect(bodyRows().map((r) => r.dataset.rowKey).slice(0, 2)).toEqual(['r2', 'r1']);
  });

  it('is not offered while the table is sorted', () => {
    renderUi(<Harness sort={{ field: 'name', direction: 'desc' }} />);
    expect(screen.queryByRole('textbox', { name: /Position of row/ })).toBeNull();
    expect(bodyRows()[0]!.getAttribute('draggable')).toBe('false');
  });
});

describe('DataTable sorting', () => {
  it('cycles ascending, descending, unsorted on a header click', async () => {
    const rows = [
      { id: 'a', name: 'Banana', size: 2 },
      { id: 'b', name: 'apple', size: 3 },
      { id: 'c', name: 'Cherry', size: 1 },
    ];
    renderUi(<DataTable label="Fruit" rows={rows} columns={columns} rowKey="id" />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    const order = () => bodyRows().map((r) => r.dataset.rowKey);
    expect(header.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(header).getByRole('button'));
    expect(order()).toEqual(['b', 'a', 'c']);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header).getByRole('button'));
    expect(order()).toEqual(['c', 'a', 'b']);
    await userEvent.click(within(header).getByRole('button'));
    expect(order()).toEqual(['a', 'b', 'c']);
    expect(header.getAttribute('aria-sort')).toBe('none');
  });

  it('starts descending on a reverseSort column and reports the change', async () => {
    const onSortChange = vi.fn();
    renderUi(<DataTable label="R" rows={makeRules(3)} columns={columns} rowKey="id" onSortChange={onSortChange} />);
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Size/ })).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'size', direction: 'desc' });
  });
});

describe('DataTable paging', () => {
  it('hides the paginator for 10 rows or fewer and for page size 0', () => {
    const { unmount } = renderUi(<DataTable label="R" rows={makeRules(10)} columns={columns} rowKey="id" />);
    expect(screen.queryByLabelText('Rows per page:')).toBeNull();
    unmount();
    renderUi(<DataTable label="R" rows={makeRules(30)} columns={columns} rowKey="id" defaultPageSize={0} />);
    expect(screen.queryByLabelText('Rows per page:')).toBeNull();
    expect(bodyRows()).toHaveLength(30);
  });

  it('pages more than 10 rows with the options 10, 25, 50, 100 and reports {index, size}', async () => {
    const onPageChange = vi.fn<(p: PageChange) => void>();
    renderUi(<DataTable label="R" rows={makeRules(27)} columns={columns} rowKey="id" onPageChange={onPageChange} />);
    const size = (await screen.findByLabelText('Rows per page:')) as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    expect(bodyRows()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith({ index: 2, size: 10 });
    expect(bodyRows().map((r) => r.dataset.rowKey)).toEqual(['r21', 'r22', 'r23', 'r24', 'r25', 'r26', 'r27']);
    expect(screen.getByText('21–27 of 27')).toBeTruthy();
    await userEvent.selectOptions(size, '25');
    expect(onPageChange).toHaveBeenLastCalledWith({ index: 0, size: 25 });
    expect(bodyRows()).toHaveLength(25);
  });

  it('clears the selection on a page change, unless keep-selection is on', async () => {
    const onSelectedChange = vi.fn();
    const { unmount } = renderUi(<Harness initial={makeRules(15)} onSelectedChange={onSelectedChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith([]);
    unmount();
    onSelectedChange.mockClear();
    renderUi(<Harness initial={makeRules(15)} keepSelection onSelectedChange={onSelectedChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r1', 'r11']);
  });
});

describe('DataTable data changes', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
  const renderExpanded = (r: Rule) => <p>Open {r.id}</p>;

  function polled(rows: Rule[], polling: boolean, selected: RowKey[], onSelectedChange: (k: RowKey[]) => void) {
    return (
      <DataTable<Rule>
        label="Jobs"
        rows={rows}
        columns={columns}
        rowKey="id"
        selectionMode="multiple"
        selected={selected}
        onSelectedChange={onSelectedChange}
        expanded="r2"
        onExpandedChange={onExpanded}
        renderExpanded={renderExpanded}
        polling={polling}
      />
    );
  }
  const onExpanded = vi.fn();
  afterEach(() => onExpanded.mockClear());

  it('clears selection and the expanded row when the rows change', () => {
    const onSelectedChange = vi.fn();
    const { rerender } = render(polled(makeRules(3), false, ['r1'], onSelectedChange), { wrapper });
    rerender(polled(makeRules(4), false, ['r1'], onSelectedChange));
    expect(onSelectedChange).toHaveBeenLastCalledWith([]);
    expect(onExpanded).toHaveBeenLastCalledWith(null);
  });

  it('keeps selection and the expanded row by tracking key in polling mode', () => {
    const onSelectedChange = vi.fn();
    const { rerender } = render(polled(makeRules(3), true, ['r1', 'r3'], onSelectedChange), { wrapper });
    const refreshed = [...makeRules(3)].reverse().filter((r) => r.id !== 'r3');
    rerender(polled(refreshed, true, ['r1', 'r3'], onSelectedChange));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r1']);
    expect(onExpanded).not.toHaveBeenCalled();
    expect(screen.getByText('Open r2')).toBeTruthy();
  });

  it('keeps the selection when a row is edited but the rows stay the same', () => {
    const onSelectedChange = vi.fn();
    const rows = makeRules(3);
    const { rerender } = render(polled(rows, false, ['r1'], onSelectedChange), { wrapper });
    rerender(polled(rows.map((r) => (r.id === 'r2' ? { ...r, name: 'Edited' } : r)), false, ['r1'], onSelectedChange));
    expect(onSelectedChange).not.toHaveBeenCalled();
  });

  it('re-renders only the edited row', () => {
    const renderName = vi.fn((r: Rule) => r.name);
    const cols: DataTableColumn<Rule>[] = [{ field: 'name', render: renderName }];
    const rows = makeRules(50);
    const table = (rs: Rule[]) => <DataTable label="R" rows={rs} columns={cols} rowKey="id" defaultPageSize={0} selectionMode="multiple" />;
    const { rerender } = render(table(rows), { wrapper });
    expect(renderName).toHaveBeenCalledTimes(50);
    renderName.mockClear();
    rerender(table(rows.map((r) => (r.id === 'r7' ? { ...r, name: 'Edited rule' } : r))));
    expect(renderName).toHaveBeenCalledTimes(1);
    expect(renderName).toHaveBeenCalledWith(expect.objectContaining({ id: 'r7', name: 'Edited rule' }));
    expect(screen.getByText('Edited rule')).toBeTruthy();
  });
});

describe('DataTable virtualisation', () => {
  it('renders a window of a 10,000-row list and reaches the end by scrolling', () => {
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(440);
    const offset = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(44);
    try {
      renderUi(<DataTable label="Big" rows={makeRules(10_000)} columns={columns} rowKey="id" defaultPageSize={0} height={440} />);
      const shown = bodyRows();
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(60);
      expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('10001');
      const scroller = screen.getByRole('grid').parentElement!;
      act(() => {
        scroller.scrollTop = 44 * 9_990;
        fireEvent.scroll(scroller);
      });
      expect(bodyRows().map((r) => r.dataset.rowKey)).toContain('r10000');
    } finally {
      height.mockRestore();
      offset.mockRestore();
    }
  });
});

describe('DataTable column widths and settings', () => {
  afterEach(() => localStorage.clear());
  const sized: DataTableColumn<Rule>[] = [
    { field: 'name', label: 'Name' },
    { field: 'size', label: 'Size', format: 'count' },
    { field: 'id', label: 'Enabled', format: 'boolean' },
  ];
  const colWidths = () => [...screen.getByRole('grid').querySelectorAll('col')].map((c) => c.style.width);

  it('sizes columns by what they hold: the text column takes the spare width, the others keep theirs', () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    try {
      renderUi(<DataTable label="Rules" rows={makeRules(3)} columns={sized} rowKey="id" selectionMode="multiple" />);
      // 40 px selection box, then the columns: 1000 - 40 - 80 (number) - 84 (yes/no) = 796 px for the text.
      expect(colWidths()).toEqual(['40px', '796px', '80px', '84px']);
      expect(screen.getByRole('grid').style.width).toBe('1000px');
    } finally {
      width.mockRestore();
    }
  });

  it('keeps each minimum when the columns do not fit: the table is wider than its card, which scrolls', () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    try {
      renderUi(<DataTable label="Rules" rows={makeRules(3)} columns={sized} rowKey="id" />);
      expect(colWidths()).toEqual(['120px', '80px', '84px']);
      expect(screen.getByRole('grid').style.width).toBe('284px');
      expect(screen.getByRole('grid').parentElement!.className).toContain('portal-table-scroll');
    } finally {
      width.mockRestore();
    }
  });

  it('cuts long text to one line and shows it whole as a tooltip', () => {
    const name = Array.from({ length: 10 }, () => 'A very long rule name').join(' ');
    renderUi(<DataTable label="Rules" rows={[{ id: 'a', name, size: 1 }]} columns={sized} rowKey="id" />);
    const cell = screen.getByTitle(name);
    expect(cell.tagName).toBe('TD');
    expect(cell.className).toContain('portal-table-truncate');
  });

  it('hides a secondary column while the columns do not fit, shows it where they do, and the chooser brings it back', async () => {
    const user = userEvent.setup();
    const withSecondary: DataTableColumn<Rule>[] = [sized[0]!, { ...sized[1]!, secondary: true }, sized[2]!];
    const table = (persistKey?: string) => <DataTable label="Rules" rows={makeRules(3)} columns={withSecondary} rowKey="id" persistKey={persistKey} />;
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    // 120 + 80 + 84 = 284 px of minimums.
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(250);
    try {
      const narrow = renderUi(table('test.secondary'));
      expect(headers()).toEqual(['Name', 'Enabled']);
      expect(colWidths()).toEqual(['166px', '84px']);
      expect(screen.getByRole('button', { name: 'Columns and density of Rules' }).textContent).toBe('Columns (1 hidden)');
      await user.click(screen.getByRole('button', { name: 'Columns and density of Rules' }));
      await user.click(within(await screen.findByRole('group', { name: 'Columns of Rules' })).getByRole('checkbox', { name: 'Size' }));
      expect(headers()).toEqual(['Name', 'Size', 'Enabled']);
      narrow.unmount();
      // The admin's choice is kept: shown however narrow the table.
      const again = renderUi(table('test.secondary'));
      expect(headers()).toEqual(['Name', 'Size', 'Enabled']);
      again.unmount();
      // Without a column chooser nothing is hidden (the table scrolls in its box instead).
      const plain = renderUi(table());
      expect(headers()).toEqual(['Name', 'Size', 'Enabled']);
      plain.unmount();
      width.mockReturnValue(1000);
      renderUi(table('test.secondary.wide'));
      expect(headers()).toEqual(['Name', 'Size', 'Enabled']);
    } finally {
      width.mockRestore();
    }
  });

  it('leaves the row actions out of the column chooser', async () => {
    const user = userEvent.setup();
    const withActions: DataTableColumn<Rule>[] = [...sized, { field: '__actions', label: 'Actions', kind: 'actions', render: () => 'Edit' }];
    renderUi(<DataTable label="Rules" rows={makeRules(2)} columns={withActions} rowKey="id" persistKey="test.actions" />);
    await user.click(screen.getByRole('button', { name: 'Columns and density of Rules' }));
    const chooser = await screen.findByRole('group', { name: 'Columns of Rules' });
    expect(within(chooser).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(chooser).queryByRole('checkbox', { name: 'Actions' })).toBeNull();
  });

  it('hides columns and changes the density from the column chooser, and remembers both for the table', async () => {
    const user = userEvent.setup();
    const table = () => <DataTable label="Rules" rows={makeRules(3)} columns={sized} rowKey="id" persistKey="test.rules" />;
    const { unmount } = renderUi(table());
    await user.click(screen.getByRole('button', { name: 'Columns and density of Rules' }));
    const chooser = await screen.findByRole('group', { name: 'Columns of Rules' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Size' }));
    expect(screen.queryByRole('columnheader', { name: 'Size' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Enabled']);
    expect(screen.getByRole('button', { name: 'Columns and density of Rules' }).textContent).toBe('Columns (1 hidden)');
    await user.click(within(chooser).getByRole('radio', { name: 'Compact' }));
    unmount();

    renderUi(table());
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Enabled']);
    await user.click(screen.getByRole('button', { name: 'Columns and density of Rules' }));
    const again = await screen.findByRole('group', { name: 'Columns of Rules' });
    expect((within(again).getByRole('radio', { name: 'Compact' }) as HTMLInputElement).checked).toBe(true);
    // The last shown column cannot be hidden.
    await user.click(within(again).getByRole('checkbox', { name: 'Enabled' }));
    expect((within(again).getByRole('checkbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(again).getByRole('checkbox', { name: 'Size' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Size']);
  });
});

describe('DataTable keyboard: the body is one tab stop, with the arrow keys inside', () => {
  const opened = vi.fn();
  afterEach(() => opened.mockClear());
  const withButton: DataTableColumn<Rule>[] = [
    { field: 'name' },
    {
      field: '__actions',
      label: 'Actions',
      kind: 'actions',
      render: (r) => (
        <button type="button" onClick={() => opened(r.id)}>
          Open {r.name}
        </button>
      ),
    },
  ];
  const withInput: DataTableColumn<Rule>[] = [{ field: 'name' }, { field: 'note', label: 'Note', render: (r) => <input aria-label={`Note of ${r.name}`} /> }];

  function Page(props: Partial<DataTableProps<Rule>>) {
    return (
      <>
        <button type="button">Before</button>
        <DataTable<Rule> label="Rules" rows={makeRules(5)} columns={withButton} rowKey="id" selectionMode="multiple" {...props} />
        <button type="button">After</button>
      </>
    );
  }
  const focused = () => document.activeElement as HTMLElement;
  /** Where the focus is: a row by its key, or a control by its name. */
  const where = () => focused().dataset.rowKey ?? focused().getAttribute('aria-label') ?? focused().textContent;

  it('Tab enters the body once, on the first row, and the next Tab leaves it; the row is named by its name cell', async () => {
    const user = userEvent.setup();
    renderUi(<Page />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    const stops: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      stops.push(where());
    }
    expect(stops).toEqual(['Select all rows', 'r1', 'After']);
    await user.tab({ shift: true });
    expect(where()).toBe('r1');
    expect(focused()).toBe(screen.getByRole('row', { name: 'Rule 1' }));
    // Every control inside the rows is out of the Tab order; the body has one tab stop.
    for (const row of bodyRows()) for (const control of [...row.querySelectorAll('button, input')]) expect((control as HTMLElement).tabIndex).toBe(-1);
    expect(bodyRows().filter((r) => r.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole('grid').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('ArrowDown moves to the next row, which becomes the tab stop, re-rendering only the two rows involved', async () => {
    const user = userEvent.setup();
    const renderName = vi.fn((r: Rule) => r.name);
    renderUi(<Page columns={[{ field: 'name', render: renderName }, withButton[1]!]} rows={makeRules(25)} defaultPageSize={0} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.tab();
    expect(where()).toBe('r1');
    renderName.mockClear();
    await user.keyboard('{ArrowDown}');
    expect(where()).toBe('r2');
    expect(renderName.mock.calls.map(([r]) => r.id).sort()).toEqual(['r1', 'r2']);
    await user.tab();
    expect(where()).toBe('After');
    await user.tab({ shift: true });
    expect(where()).toBe('r2');
    await user.keyboard('{PageDown}');
    expect(where()).toBe('r12');
    await user.keyboard('{End}');
    expect(where()).toBe('r25');
    await user.keyboard('{PageUp}{ArrowUp}');
    expect(where()).toBe('r14');
    await user.keyboard('{Home}{ArrowUp}');
    expect(where()).toBe('r1');
  });

  it('ArrowRight reaches the row’s check box, then its action button; Left goes back; Escape returns to the row', async () => {
    const user = userEvent.setup();
    renderUi(<Page />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(where()).toBe('Select row 2');
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('Open Rule 2');
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('r2');
    // Left from the row reaches its last control.
    await user.keyboard('{ArrowLeft}');
    expect(where()).toBe('Open Rule 2');
    await user.keyboard('{ArrowLeft}');
    expect(where()).toBe('Select row 2');
    await user.keyboard('{ArrowLeft}');
    expect(where()).toBe('r2');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(opened).toHaveBeenCalledWith('r2');
    await user.keyboard('{Escape}');
    expect(where()).toBe('r2');
    // From a control, Tab leaves the table too, and Shift+Tab goes back past the row.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(where()).toBe('After');
    await user.tab({ shift: true });
    expect(where()).toBe('r2');
    await user.keyboard('{ArrowRight}');
    await user.tab({ shift: true });
    expect(where()).toBe('Select all rows');
    await user.tab();
    expect(where()).toBe('r2');
  });

  it('Space toggles the row’s selection, on the row and on its check box', async () => {
    const user = userEvent.setup();
    const onSelectedChange = vi.fn();
    renderUi(<Page onSelectedChange={onSelectedChange} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown} ');
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r2']);
    expect(bodyRows()[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(where()).toBe('Select row 2');
    await user.keyboard(' ');
    expect(onSelectedChange).toHaveBeenLastCalledWith([]);
    expect(onSelectedChange).toHaveBeenCalledTimes(2);
    await user.keyboard('{Escape} ');
    expect(where()).toBe('r2');
    expect(onSelectedChange).toHaveBeenLastCalledWith(['r2']);
  });

  it('leaves the keys of a text field in a row to it: typing, the caret, Space; Escape goes back to the row', async () => {
    const user = userEvent.setup();
    const onSelectedChange = vi.fn();
    renderUi(<Page columns={withInput} onSelectedChange={onSelectedChange} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const input = screen.getByRole('textbox', { name: 'Note of Rule 1' }) as HTMLInputElement;
    expect(focused()).toBe(input);
    await user.keyboard('ab{ArrowLeft}c{ArrowRight}{ArrowDown}{ArrowUp}{Home}{End} d');
    expect(focused()).toBe(input);
    expect(input.value).toBe('acb d');
    expect(onSelectedChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(where()).toBe('r1');
    expect(input.value).toBe('acb d');
  });

  it('Escape in a row’s position field gives up the typed position and returns to the row', async () => {
    const user = userEvent.setup();
    const onRowPositionChange = vi.fn();
    renderUi(<Harness onRowPositionChange={onRowPositionChange} />);
    const input = screen.getByRole('textbox', { name: 'Position of row 2' }) as HTMLInputElement;
    expect(input.tabIndex).toBe(-1);
    await user.click(input);
    await user.keyboard('{Backspace}4{ArrowLeft}{Escape}');
    expect(document.activeElement).toBe(bodyRows()[1]);
    expect(input.value).toBe('2');
    expect(onRowPositionChange).not.toHaveBeenCalled();
  });

  it('in a virtualised list, scrolls the row it moves to into view, and keeps a rendered row the tab stop', async () => {
    const user = userEvent.setup();
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(440);
    const offset = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(44);
    // jsdom lays nothing out: the scroll box's height, and a scrollTo that scrolls it.
    const scrollHeight = vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(44 * 10_000);
    const scrollTo = vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) {
        this.scrollTop = options.top;
        fireEvent.scroll(this);
      }
    });
    try {
      renderUi(<DataTable label="Big" rows={makeRules(10_000)} columns={columns} rowKey="id" defaultPageSize={0} height={440} />);
      act(() => bodyRows()[0]!.focus());
      await user.keyboard('{PageDown}');
      expect(where()).toBe('r11');
      await user.keyboard('{End}');
      await waitFor(() => expect(where()).toBe('r10000'));
      // Scrolled back to the top, away from the roving row: Tab still finds one row in the body.
      const scroller = screen.getByRole('grid').parentElement!;
      act(() => {
        scroller.scrollTop = 0;
        fireEvent.scroll(scroller);
      });
      const tabbable = bodyRows().filter((r) => r.tabIndex === 0);
      expect(tabbable.map((r) => r.dataset.rowKey)).toEqual([bodyRows()[0]!.dataset.rowKey]);
    } finally {
      height.mockRestore();
      offset.mockRestore();
      scrollHeight.mockRestore();
      scrollTo.mockRestore();
    }
  });
});

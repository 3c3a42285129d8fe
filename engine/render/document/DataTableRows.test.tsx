import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { DataTableRows } from './DataTableRows';
import type { Row, RowsRendererProps, TableColumn } from './TableView';

const columns: TableColumn[] = [{ field: 'name', label: 'Name', format: 'text', kind: 'text', center: false, options: [] }];
const renders = new Map<string, number>();
const renderCell = vi.fn((row: Row) => {
  renders.set(String(row.id), (renders.get(String(row.id)) ?? 0) + 1);
  return String(row.name);
});
const NO_ERRORS = new Map<number, readonly string[]>();

function props(rows: readonly Row[]): RowsRendererProps {
  return { caption: 'Big list', rows, columns, rowKey: 'id', renderCell, rowErrors: NO_ERRORS, pageSize: 0 };
}

/** Renders the rows with a page size; `set` replaces rows or page size as the document view would. */
function Harness({ initial, pageSize = 0, expose }: { initial: Row[]; pageSize?: number; expose: (set: (rows: Row[], size?: number) => void) => void }) {
  const [state, setState] = useState({ rows: initial, size: pageSize });
  expose((rows, size = state.size) => setState({ rows, size }));
  return <DataTableRows {...props(state.rows)} pageSize={state.size} />;
}

let spies: { mockRestore(): void }[] = [];
beforeEach(() => {
  // jsdom has no layout: give the scroll area and rows a size so the virtualiser shows a window.
  spies = [
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600),
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(44),
  ];
});
afterEach(() => spies.forEach((s) => s.mockRestore()));

describe('DataTableRows', () => {
  it('editing one row of a 10,000-row list re-renders that row only, and only a window of rows is in the DOM', () => {
    const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
    let set: (rows: Row[], size?: number) => void = () => {};
    renderUi(<Harness initial={rows} expose={(s) => (set = s)} />);
    const shown = screen.getAllByRole('row').length;
    expect(shown).toBeLessThan(100);
    const before = new Map(renders);
    expect(before.get('r0')).toBeGreaterThan(0);

    const edited = rows.map((r, i) => (i === 1 ? { ...r, name: 'Edited' } : r));
    act(() => set(edited));
    expect(screen.getByText('Edited')).toBeTruthy();
    expect(renders.get('r1')).toBe((before.get('r1') ?? 0) + 1);
    for (const key of ['r0', 'r2', 'r3']) expect(renders.get(key), key).toBe(before.get(key));
  });

  it('shows the paginator with 10/25/50/100 only when a page size is set and there are more than 10 rows', async () => {
    const rows: Row[] = Array.from({ length: 11 }, (_, i) => ({ id: `p${i}`, name: `Item ${i}` }));
    const plain = renderUi(<Harness initial={rows} expose={() => {}} />);
    expect(screen.queryByLabelText('Rows per page:')).toBeNull();
    plain.unmount();
    let set: (rows: Row[], size?: number) => void = () => {};
    renderUi(<Harness initial={rows} pageSize={10} expose={(s) => (set = s)} />);
    const select = await screen.findByLabelText('Rows per page:');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    act(() => set(rows.slice(0, 10)));
    expect(screen.queryByLabelText('Rows per page:')).toBeNull();
  });
});

/**
 * The table part of the bench harness: the same 10,000 rule rows in the engine's DataTable (multiple selection,
 * reorder by typed position, five columns) and in a plain @tanstack/react-virtual table with native inputs (the peer:
 * a checkbox and a position box per row, the same columns, row height, overscan and scroll box). Both count their
 * row renders, so a scroll reports how many rows each rendered per frame and an edit how many re-rendered.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { DataTable } from '../../../engine/render/widgets/table/DataTable';
import type { DataTableColumn } from '../../../engine/render/widgets/table/columns';

export type TableKind = 'ours' | 'plain';

interface RuleRow {
  readonly id: string;
  readonly name: string;
  readonly action: string;
  readonly destination: string;
  readonly enabled: boolean;
  readonly hits: number;
}

/** Height of the scroll box, row height estimate and overscan: the same for both tables. */
const BOX_HEIGHT = 600;
const ROW_ESTIMATE = 42;
const OVERSCAN = 8;

let rowRenders = 0;
const RULE_COLUMNS: readonly DataTableColumn<RuleRow>[] = [
  {
    field: 'name',
    label: 'Name',
    flex: 3,
    // Called once per rendered row: counts row renders.
    render: (row) => {
      rowRenders++;
      return row.name;
    },
  },
  { field: 'action', label: 'Action', format: 'enumLabel', labels: { allow: 'Allow', block: 'Block', isolate: 'Isolate' } },
  { field: 'destination', label: 'Destination', flex: 3 },
  { field: 'enabled', label: 'Enabled', format: 'boolean' },
  { field: 'hits', label: 'Hits', format: 'count' },
];

export const ruleRows = (n: number): RuleRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `rule-${i}`,
    name: `Rule ${i + 1}`,
    action: ['allow', 'block', 'isolate'][i % 3]!,
    destination: `host-${i}.example.com`,
    enabled: i % 7 !== 0,
    hits: (i * 7919) % 100_000,
  }));

/** How many rows the mounted table holds. */
const mounted = { rows: 0 };

/** The mounted table's row setter, for `editRow`. */
const tableState: { setRows?: (update: (rows: readonly RuleRow[]) => readonly RuleRow[]) => void } = {};

function useRows(initial: readonly RuleRow[]) {
  const [rows, setRows] = useState(initial);
  useEffect(() => {
    tableState.setRows = setRows;
  }, []);
  return [rows, setRows] as const;
}

const moveTo = (rows: readonly RuleRow[], item: RuleRow, to: number) => {
  const rest = rows.filter((r) => r !== item);
  return [...rest.slice(0, to), item, ...rest.slice(to)];
};

function OurTable({ initial }: { initial: readonly RuleRow[] }) {
  const [rows, setRows] = useRows(initial);
  return (
    <DataTable<RuleRow>
      label="Rules"
      rows={rows}
      columns={RULE_COLUMNS}
      rowKey="id"
      selectionMode="multiple"
      defaultPageSize={0}
      height={BOX_HEIGHT}
      onRowPositionChange={({ item, newPosition }) => setRows((all) => moveTo(all, item, newPosition))}
    />
  );
}

const cell = { padding: '6px 10px', borderBottom: '1px solid var(--mantine-color-default-border)', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** One plain row: native checkbox and position box, text cells; memoised like ours. */
const PlainRow = memo(function PlainRow({ row, index, selected, onSelect, measure }: { row: RuleRow; index: number; selected: boolean; onSelect: (id: string) => void; measure: (el: HTMLTableRowElement | null) => void }) {
  rowRenders++;
  return (
    <tr ref={measure} data-index={index}>
      <td style={cell} aria-hidden>
        ⠿
      </td>
      <td style={cell}>
        <input type="checkbox" aria-label={`Select row ${index + 1}`} checked={selected} onChange={() => onSelect(row.id)} />
      </td>
      <td style={cell}>
        <input defaultValue={index + 1} aria-label={`Position of row ${index + 1}`} style={{ width: 52 }} />
      </td>
      <td style={cell}>{row.name}</td>
      <td style={cell}>{row.action === 'allow' ? 'Allow' : row.action === 'block' ? 'Block' : 'Isolate'}</td>
      <td style={cell}>{row.destination}</td>
      <td style={cell}>{row.enabled ? 'Yes' : 'No'}</td>
      <td style={cell}>{row.hits}</td>
    </tr>
  );
});

function PlainTable({ initial }: { initial: readonly RuleRow[] }) {
  const [rows] = useRows(initial);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (i) => rows[i]!.id,
    overscan: OVERSCAN,
  });
  const onSelect = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scrollRef} data-table-scroll style={{ maxHeight: BOX_HEIGHT, overflow: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', fontSize: 14 }}>
        <thead style={{ position: 'sticky', top: 0, background: 'var(--mantine-color-body)' }}>
          <tr>
            {['', '', 'Position', 'Name', 'Action', 'Destination', 'Enabled', 'Hits'].map((h, i) => (
              <th key={i} style={{ ...cell, textAlign: 'left' }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && <tr style={{ height: padTop }} />}
          {items.map((v) => {
            const row = rows[v.index]!;
            return <PlainRow key={row.id} row={row} index={v.index} selected={selected.has(row.id)} onSelect={onSelect} measure={virtualizer.measureElement} />;
          })}
          {padBottom > 0 && <tr style={{ height: padBottom }} />}
        </tbody>
      </table>
    </div>
  );
}

export interface ScrollResult {
  readonly frames: number;
  readonly ms: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly p50FrameMs: number;
  readonly p95FrameMs: number;
  readonly maxFrameMs: number;
  /** The last row was painted (only when the scroll went to the end). */
  readonly reachedEnd: boolean;
  /** Row renders per frame (new rows coming into view, plus any re-render of rows already shown). */
  readonly rowsPerFrame: number;
}

const scroller = () => document.querySelector<HTMLElement>('[data-table-scroll]')!;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The table benches, given the harness's mount and page frame. */
export function tableBench(deps: { mount: (element: ReactNode) => Promise<number>; Page: ComponentType<{ children: ReactNode }>; nextPaint: () => Promise<void> }) {
  const { mount, Page, nextPaint } = deps;
  return {
    /** Mounts a table of `n` rule rows; resolves with the time to the first paint, in ms. */
    mountTable: (kind: TableKind, n: number) => {
      const rows = ruleRows(n);
      mounted.rows = n;
      return mount(<Page>{kind === 'ours' ? <OurTable initial={rows} /> : <PlainTable initial={rows} />}</Page>);
    },
    /**
     * Scrolls the mounted table from the top by `step` px per frame, for at most `maxFrames` frames or to the end,
     * watching frame times and long tasks.
     */
    scrollTable: async (step: number, maxFrames = Infinity): Promise<ScrollResult> => {
      const el = scroller();
      el.scrollTop = 0;
      await nextPaint();
      const long: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
      observer.observe({ type: 'longtask' });
      const frames: number[] = [];
      const rendersBefore = rowRenders;
      const started = performance.now();
      let last = started;
      while (frames.length < maxFrames && el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
        el.scrollTop += step;
        await nextFrame();
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      await nextPaint();
      const ms = performance.now() - started;
      observer.disconnect();
      const sorted = [...frames].sort((a, b) => a - b);
      return {
        frames: frames.length,
        ms,
        longTasks: long.length,
        longTaskMs: long.reduce((sum, e) => sum + e.duration, 0),
        p50FrameMs: percentile(sorted, 0.5),
        p95FrameMs: percentile(sorted, 0.95),
        maxFrameMs: sorted.at(-1) ?? 0,
        reachedEnd: el.textContent?.includes(`Rule ${mounted.rows}`) ?? false,
        rowsPerFrame: (rowRenders - rendersBefore) / Math.max(frames.length, 1),
      };
    },
    /** Renames one row; resolves with the time to paint and the number of rows that re-rendered. */
    editRow: async (index: number) => {
      const before = rowRenders;
      const started = performance.now();
      // As a save from the row dialog would: a discrete update, rendered at once.
      flushSync(() => tableState.setRows!((all) => all.map((r, i) => (i === index ? { ...r, name: `${r.name} (edited)` } : r))));
      await nextPaint();
      return { ms: performance.now() - started, rowsRendered: rowRenders - before, shown: scroller().textContent?.includes('(edited)') ?? false };
    },
  };
}

/**
 * The bench harness page: mounts, on demand from `window.bench`, FormView on a generated zod schema, @rjsf/core on
 * the same schema's JSON Schema, or a DataTable of rule rows, and measures on the page itself (from the call or the
 * key press to the first paint after React's commit), so the figures exclude the DevTools round trip.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { FormView } from '../../../engine/render/form/FormView';
import { DataTable } from '../../../engine/render/widgets/table/DataTable';
import type { DataTableColumn } from '../../../engine/render/widgets/table/columns';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { generatedForm, type GeneratedForm } from './generatedForm';

// As in the portal, whose Content-Security-Policy forbids eval (zod's JIT).
z.config({ jitless: true });

export type FormKind = 'ours' | 'rjsf';

/** Resolves after the frame that follows the current task has been painted. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const root = createRoot(document.getElementById('root')!);
const forms = new Map<number, GeneratedForm>();
const formOf = (n: number) => {
  let form = forms.get(n);
  if (!form) forms.set(n, (form = generatedForm(n)));
  return form;
};

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <div style={{ maxWidth: 900, margin: '0 auto', padding: 16 }}>{children}</div>
    </MantineProvider>
  );
}

function formElement(kind: FormKind, form: GeneratedForm) {
  return kind === 'ours' ? (
    <FormView
      schema={form.schema}
      hints={form.hints}
      groups={form.groups}
      defaultValues={form.defaults}
      onSubmit={() => undefined}
      label="Generated form"
    />
  ) : (
    <Form schema={form.jsonSchema} validator={validator} formData={form.defaults} onSubmit={() => undefined} />
  );
}

/** Renders `element` and resolves with the time from the call to the first paint after the commit, in ms. */
async function mount(element: ReactNode): Promise<number> {
  root.render(null);
  await nextPaint();
  const started = performance.now();
  await new Promise<void>((resolve) => root.render(<Committed onCommit={resolve}>{element}</Committed>));
  await nextPaint();
  return performance.now() - started;
}

// ---- rule table ----

interface RuleRow {
  readonly id: string;
  readonly name: string;
  readonly action: string;
  readonly destination: string;
  readonly enabled: boolean;
  readonly hits: number;
}

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
  { field: 'action', label: 'Action', flex: 1 },
  { field: 'destination', label: 'Destination', flex: 3 },
  { field: 'enabled', label: 'Enabled', flex: 1, format: 'boolean' },
  { field: 'hits', label: 'Hits', flex: 1 },
];

const ruleRows = (n: number): RuleRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `rule-${i}`,
    name: `Rule ${i + 1}`,
    action: ['allow', 'block', 'isolate'][i % 3]!,
    destination: `host-${i}.example.com`,
    enabled: i % 7 !== 0,
    hits: (i * 7919) % 100_000,
  }));

/** The mounted table's row setter, for `bench.editRow`. */
const tableState: { setRows?: (update: (rows: readonly RuleRow[]) => readonly RuleRow[]) => void } = {};

function RuleTable({ initial }: { initial: readonly RuleRow[] }) {
  const [rows, setRows] = useState(initial);
  useEffect(() => {
    tableState.setRows = setRows;
  }, []);
  return (
    <DataTable<RuleRow>
      label="Rules"
      rows={rows}
      columns={RULE_COLUMNS}
      rowKey="id"
      selectionMode="multiple"
      defaultPageSize={0}
      height={600}
      onRowPositionChange={({ item, newPosition }) =>
        setRows((all) => {
          const rest = all.filter((r) => r !== item);
          return [...rest.slice(0, newPosition), item, ...rest.slice(newPosition)];
        })
      }
    />
  );
}

const scroller = () => document.querySelector<HTMLElement>('div[style*="overflow"]')!;

export interface ScrollResult {
  readonly frames: number;
  readonly ms: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly p95FrameMs: number;
  readonly maxFrameMs: number;
  readonly reachedEnd: boolean;
  /** Row renders per frame (new rows coming into view, plus any re-render of rows already shown). */
  readonly rowsPerFrame: number;
}

const bench = {
  /** Mounts a generated form of `n` fields; resolves with the time to the first paint, in ms. */
  mountForm: (kind: FormKind, n: number) => mount(<Page>{formElement(kind, formOf(n))}</Page>),
  /** The CSS selector of the text field to type into. */
  target: (kind: FormKind, n: number) => formOf(n).target[kind],
  /**
   * Arms a one-shot measurement of the next key press: resolves with the time from the keydown event to the first
   * paint after the input was handled, in ms.
   */
  armKeystroke: () => {
    const done = new Promise<number>((resolve) => {
      document.addEventListener(
        'keydown',
        (e) => {
          const pressed = e.timeStamp;
          // Window is the last stop of the input event, after React's listener on the root.
          window.addEventListener('input', () => void nextPaint().then(() => resolve(performance.now() - pressed)), { once: true });
        },
        { capture: true, once: true },
      );
    });
    (window as unknown as { keystroke: Promise<number> }).keystroke = done;
  },
  mountTable: (n: number) => {
    const rows = ruleRows(n);
    return mount(
      <Page>
        <RuleTable initial={rows} />
      </Page>,
    );
  },
  /** Scrolls the table to the end in steps of `step` px, one per frame, watching frame times and long tasks. */
  scrollTable: async (step: number): Promise<ScrollResult> => {
    const el = scroller();
    const long: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
    observer.observe({ type: 'longtask' });
    const frames: number[] = [];
    const rendersBefore = rowRenders;
    const started = performance.now();
    let last = started;
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
      el.scrollTop += step;
      await new Promise((resolve) => requestAnimationFrame(resolve));
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
      p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      maxFrameMs: sorted[sorted.length - 1] ?? 0,
      reachedEnd: document.body.textContent?.includes('Rule 10000') ?? false,
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
    return { ms: performance.now() - started, rowsRendered: rowRenders - before, shown: document.body.textContent?.includes('(edited)') ?? false };
  },
};

export type Bench = typeof bench;
(window as unknown as { bench: Bench }).bench = bench;

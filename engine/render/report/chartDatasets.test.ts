import { describe, expect, it } from 'vitest';
import { WEB_ACTION_LABELS } from '../../../schemas/logEnums';
import type { ReportResult } from '../../../schemas/reports';
import {
  seriesColours,
  PALETTE,
  BAR_LABEL_WIDTH,
  BAR_ROW_HEIGHT,
  barDatasets,
  barLabelWidth,
  chartData,
  gaugeDatasets,
  lineDatasets,
  pieDatasets,
  stackedBarDatasets,
} from './chartDatasets';
import { barChartHeight, barRows, fitText, fittedTicks, gaugeRings, niceTicks, pieRing, ringPath, slices, timeLabel } from './chartLayout';
import { drillDownRoute } from './drillDown';

const meta = { title: 'T', start: 0, end: 100, interval: '7d', granularity: 'P1D', bins: 7, expansion: null, metric: 'count' } as const;
const top: ReportResult = {
  kind: 'top',
  report: 'top_users',
  ...meta,
  total: 200,
  data: [
    { key: 'alice', value: 150 },
    { key: 'bob', label: 'Bob B.', value: 50 },
    { key: 'zero', value: 0 },
  ],
};
const series: ReportResult = {
  kind: 'series',
  report: 'action_summary',
  ...meta,
  total: 9,
  series: [
    { ts: 10, value: 3, split: { allow: 2, block: 1 } },
    { ts: 20, value: 6, split: { allow: 6 } },
  ],
};

describe('chart datasets (002 §3)', () => {
  it('bar: name, value, color, fillColor, percentageColor; labels from the datum or the table', () => {
    const bars = barDatasets(top, { alice: 'Alice A.' });
    expect(bars[0]).toMatchObject({ name: 'Alice A.', key: 'alice', value: 150 });
    expect(bars[1]!.name).toBe('Bob B.');
    expect(Object.keys(bars[0]!).sort()).toEqual(['color', 'fillColor', 'key', 'name', 'percentageColor', 'value']);
  });

  it('gauge: each value as a percentage of the total', () => {
    expect(gaugeDatasets(top).map((g) => g.value)).toEqual([75, 25, 0]);
  });

  it('pie: a zero slice is excluded and gets no slice of the ring', () => {
    const pie = chartData('pie', top);
    expect(pieDatasets(top).map((p) => p.exclude)).toEqual([false, false, true]);
    if (pie.kind !== 'pie') throw new Error('pie');
    expect(slices(pie.datasets.map((d) => d.value))).toEqual([
      { index: 0, start: 0, end: 270, share: 0.75 },
      { index: 1, start: 270, end: 360, share: 0.25 },
    ]);
  });

  it('line: one dataset per split value, missing buckets as 0, x in epoch ms', () => {
    const lines = lineDatasets(series, { allow: 'Allow' });
    expect(lines.map((l) => [l.name, l.values])).toEqual([
      ['Allow', [{ x: 10_000, y: 2 }, { x: 20_000, y: 6 }]],
      ['block', [{ x: 10_000, y: 1 }, { x: 20_000, y: 0 }]],
    ]);
  });

  it('stacked bar: name, category, value, color per segment', () => {
    const bars = stackedBarDatasets(series);
    expect(bars.map((b) => [b.key, b.category, b.value])).toEqual([
      ['allow', 10, 2],
      ['allow', 20, 6],
      ['block', 10, 1],
      ['block', 20, 0],
    ]);
  });

  it('refuses a chart kind that does not fit the report', () => {
    expect(() => lineDatasets(top)).toThrow();
    expect(() => barDatasets(series)).toThrow();
  });
});

describe('chart geometry (002 §9)', () => {
  it('pie ring from 70 to 82 percent of the radius', () => {
    expect(pieRing(400, 200)).toEqual({ cx: 200, cy: 100, outer: 82, inner: 82 * 0.7 });
  });

  it('bars take at most 75 percent of their row', () => {
    const rows = barRows(10, barChartHeight(10));
    expect(rows.thickness / rows.rowHeight).toBeCloseTo(0.75);
    expect(rows.y(1) - rows.y(0)).toBeCloseTo(rows.rowHeight);
  });

  it('gauge of 180° or a full circle, each ring over its track, the value as its share of the angle', () => {
    const half = gaugeRings([75, 25], 400, 180, false);
    expect(half.rings.map((r) => [r.start, r.end, r.valueEnd])).toEqual([
      [-90, 90, 45],
      [-90, 90, -45],
    ]);
    expect(half.rings[0]!.outer).toBeGreaterThan(half.rings[1]!.outer);
    expect(half.rings[1]!.inner).toBeGreaterThan(half.hollow);
    const full = gaugeRings([75], 400, 240, true);
    expect(full.rings.map((r) => [r.start, r.end, r.valueEnd])).toEqual([[-180, 180, 90]]);
  });

  it('a full ring is drawn as two arcs, a part of one as one', () => {
    expect(ringPath(0, 0, 5, 10, 0, 360).match(/A/g)).toHaveLength(4);
    expect(ringPath(0, 0, 5, 10, 0, 90).match(/A/g)).toHaveLength(2);
  });

  it('value axes end on a round number at or above the largest value', () => {
    expect(niceTicks(14_500)).toEqual([0, 5000, 10000, 15000]);
    expect(niceTicks(58_000, 6)).toEqual([0, 10000, 20000, 30000, 40000, 50000, 60000]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
    // The closest round end that leaves room: 15,000 rather than 20,000 for 14,500 on an axis with room for 3 ticks.
    expect(fittedTicks(14_500, 3)).toEqual([0, 5000, 10000, 15000]);
    expect(fittedTicks(14_500, 1)).toEqual(niceTicks(14_500, 2));
  });

  it('time labels: day and month over days, hours within one', () => {
    const at = Date.UTC(2026, 9, 27, 12);
    expect(timeLabel(at, 30 * 86_400_000)).toMatch(/^\d{2} Oct$/);
    expect(timeLabel(at, 3_600_000)).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('bar charts with many names', () => {
  const many = (n: number): ReportResult => ({
    ...top,
    data: Array.from({ length: n }, (_, i) => ({ key: `user${i}`, label: `A rather long user name number ${i}@demo-corp.example`, value: n - i })),
  });

  it('cut a name that does not fit with an ellipsis, and keep one that does whole', () => {
    const chars = (t: string) => t.length * 7;
    const [first] = barDatasets(many(1));
    const cut = fitText(first!.name, 200, chars);
    expect(cut.endsWith('…')).toBe(true);
    expect(chars(cut)).toBeLessThanOrEqual(200);
    expect(first!.name.startsWith(cut.slice(0, -1))).toBe(true);
    expect(fitText('google.com', 200, chars)).toBe('google.com');
  });

  it('give the names two fifths of the chart, within bounds: readable in a narrow card, whole in a wide one', () => {
    expect([200, 500, 1200].map((width) => barLabelWidth(width))).toEqual([BAR_LABEL_WIDTH.min, 200, BAR_LABEL_WIDTH.max]);
  });

  it('grow taller with the number of bars, so each keeps a readable row', () => {
    expect(barChartHeight(5)).toBe(barChartHeight(10));
    expect(barChartHeight(50)).toBeGreaterThanOrEqual(50 * BAR_ROW_HEIGHT);
  });
});

describe('drill-down route', () => {
  it('opens the log view filtered by the datum, with the same interval', () => {
    const widget = { report: 'top_users', title: 'Top users', chart: 'bar', drillDown: { logType: 'web', param: 'userid' } } as const;
    expect(drillDownRoute(widget, 'alice@demo.example', '24h')).toBe('/logs/web?interval=24h&userid=alice%40demo.example');
    expect(drillDownRoute({ ...widget, drillDown: undefined }, 'x', '24h')).toBeUndefined();
  });

  it('shows isolation as "isolate" and splits a threat-evasion id into parameter and value', () => {
    const action = { report: 'action_summary', title: 'A', chart: 'line', drillDown: { logType: 'web', param: 'pe_action' } } as const;
    expect(drillDownRoute(action, 'safeview', '7d')).toBe('/logs/web?interval=7d&pe_action=isolate');
    const heat = { report: 'heat_summary', title: 'H', chart: 'bar', drillDown: { logType: 'web', param: 'threatEvasion' } } as const;
    expect(drillDownRoute(heat, 'lure_category-Fake_Login_Page', '7d')).toBe('/logs/web?interval=7d&lure_category=Fake+Login+Page');
    expect(new URLSearchParams('lure_category=Fake+Login+Page').get('lure_category')).toBe('Fake Login Page');
  });
});

describe('seriesColours', () => {
  it('gives an action its fixed colour in any order and any chart: allow green, block red, isolate blue, warn orange', () => {
    expect(seriesColours(['block', 'allow', 'safeview', 'warn'])).toEqual(['#e03131', '#2f9e44', '#1c7ed6', '#f76707']);
    expect(seriesColours(['warn', 'bypass', 'allow'])).toEqual(['#f76707', '#868e96', '#2f9e44']);
    // Every web action has its own colour, whatever else a chart shows.
    const actions = Object.keys(WEB_ACTION_LABELS);
    expect(new Set(seriesColours(actions)).size).toBe(actions.length);
    expect(seriesColours([...actions].reverse())).toEqual(seriesColours(actions).reverse());
  });

  it('keeps a value’s colour across loads and charts, and never gives two series of one chart the same colour', () => {
    const keys = Array.from({ length: PALETTE.length }, (_, i) => `cat-${i * 7}`);
    const colours = seriesColours(keys);
    expect(new Set(colours).size).toBe(keys.length);
    // A value alone has the colour it has among others, when no other value of the chart claimed it first.
    expect(seriesColours(['cat-0'])[0]).toBe(seriesColours(['cat-0', 'news'])[0]);
  });
});

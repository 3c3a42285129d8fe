import { describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../schemas/reports';
import {
  BAR_LABEL_WIDTH,
  BAR_ROW_HEIGHT,
  apexOptions,
  barDatasets,
  barLabelWidth,
  chartData,
  datumKey,
  gaugeDatasets,
  GAUGE_TRACK,
  lineDatasets,
  pieDatasets,
  stackedBarDatasets,
} from './chartDatasets';
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

  it('pie: a zero slice is excluded, and a click index skips it', () => {
    const pie = chartData('pie', top);
    expect(pieDatasets(top).map((p) => p.exclude)).toEqual([false, false, true]);
    expect(apexOptions(pie).series).toEqual([150, 50]);
    expect(datumKey(pie, 0, 1)).toBe('bob');
  });

  it('line: one dataset per split value, missing buckets as 0, x in epoch ms', () => {
    const lines = lineDatasets(series, { allow: 'Allow' });
    expect(lines.map((l) => [l.name, l.values])).toEqual([
      ['Allow', [{ x: 10_000, y: 2 }, { x: 20_000, y: 6 }]],
      ['block', [{ x: 10_000, y: 1 }, { x: 20_000, y: 0 }]],
    ]);
    expect(datumKey(chartData('line', series), 1, 0)).toBe('block');
  });

  it('stacked bar: name, category, value, color per segment', () => {
    const bars = stackedBarDatasets(series);
    expect(bars.map((b) => [b.key, b.category, b.value])).toEqual([
      ['allow', 10, 2],
      ['allow', 20, 6],
      ['block', 10, 1],
      ['block', 20, 0],
    ]);
    const options = apexOptions(chartData('stackedBar', series));
    expect(options.chart).toMatchObject({ type: 'bar', stacked: true });
    expect(options.series).toEqual([
      { name: 'allow', data: [2, 6] },
      { name: 'block', data: [1, 0] },
    ]);
  });

  it('refuses a chart kind that does not fit the report', () => {
    expect(() => lineDatasets(top)).toThrow();
    expect(() => barDatasets(series)).toThrow();
  });
});

describe('apexcharts options (002 §9)', () => {
  it('pie ring from 70 to 82 percent, bar at most 75 wide, gauge 180° or full', () => {
    expect(apexOptions(chartData('pie', top)).plotOptions).toEqual({ pie: { customScale: 0.82, donut: { size: '70%' } } });
    expect(apexOptions(chartData('bar', top)).plotOptions).toMatchObject({ bar: { horizontal: true, barHeight: '75%' } });
    expect(apexOptions(chartData('gauge', top)).plotOptions).toMatchObject({ radialBar: { startAngle: -90, endAngle: 90 } });
    expect(apexOptions(chartData('gauge', top), { fullGauge: true }).plotOptions).toMatchObject({ radialBar: { startAngle: -180, endAngle: 180 } });
  });

  it('gauge: each ring\'s share in the legend, the largest in the middle, a track for the colour scheme', () => {
    const gauge = chartData('gauge', top);
    type GaugeOptions = { legend: { formatter: (name: string, o: { seriesIndex: number }) => string }; plotOptions: { radialBar: { track: { background: string }; dataLabels: { total: { show: boolean; label: string; formatter: () => string }; value: { formatter: (v: number) => string } } } } };
    const options = apexOptions(gauge) as unknown as GaugeOptions;
    const names = gauge.datasets.map((d) => d.name);
    expect(names.map((n, i) => options.legend.formatter(n, { seriesIndex: i }))).toEqual([`${names[0]} 75 %`, `${names[1]} 25 %`, `${names[2]} 0 %`]);
    const { total, value } = options.plotOptions.radialBar.dataLabels;
    expect([total.show, total.label, total.formatter()]).toEqual([true, names[0], '75 %']);
    expect(value.formatter(33.333)).toBe('33.3 %');
    expect(options.plotOptions.radialBar.track.background).toBe(GAUGE_TRACK.light);
    const dark = apexOptions(gauge, { dark: true }) as unknown as GaugeOptions;
    expect(dark.plotOptions.radialBar.track.background).toBe(GAUGE_TRACK.dark);
  });
});

describe('bar charts with many names', () => {
  const many = (n: number): ReportResult => ({
    ...top,
    data: Array.from({ length: n }, (_, i) => ({ key: `user${i}`, label: `A rather long user name number ${i}@demo-corp.example`, value: n - i })),
  });

  it('lie horizontally with every name on one line beside its bar, cut to a width with the whole name as tooltip', () => {
    const options = apexOptions(chartData('bar', many(10)), { width: 500 });
    expect(options.plotOptions).toMatchObject({ bar: { horizontal: true } });
    expect(options.xaxis).toEqual({ categories: Array.from({ length: 10 }, (_, i) => `A rather long user name number ${i}@demo-corp.example`) });
    expect(options.yaxis).toEqual({ labels: { maxWidth: 200 } });
    expect(JSON.stringify(options)).not.toContain('rotate');
  });

  it('give the names two fifths of the chart, within bounds: readable in a narrow card, whole in a wide one', () => {
    expect([200, 500, 1200].map((width) => barLabelWidth(width))).toEqual([BAR_LABEL_WIDTH.min, 200, BAR_LABEL_WIDTH.max]);
  });

  it('grow taller with the number of bars, so each keeps a readable row', () => {
    expect(apexOptions(chartData('bar', many(5)), { height: 280 }).chart.height).toBe(280);
    const tall = apexOptions(chartData('bar', many(50)), { height: 280 }).chart.height as number;
    expect(tall).toBeGreaterThanOrEqual(50 * BAR_ROW_HEIGHT);
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

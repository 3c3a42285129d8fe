/**
 * Report answers as the chart datasets of spec 002 §3, and those datasets as apexcharts options with the constants of
 * §9 (pie ring from 70 to 82 percent of the radius, bars at most 75 px wide, gauges of 180° or a full circle). Pure:
 * no DOM, no apexcharts import, so the shell never loads the chart library for them.
 */
import type { ReportResult, TopDatum } from '../../../schemas/reports';

export type ChartKind = 'line' | 'bar' | 'gauge' | 'pie' | 'stackedBar' | 'heatmap';

/** Datasets of 002 §3; `key` is the datum's drill-down value (not shown). */
export interface LineDataset {
  readonly name: string;
  readonly key: string;
  readonly values: readonly { readonly x: number; readonly y: number }[];
  readonly color: string;
  readonly fillColor: string;
}
export interface BarDataset {
  readonly name: string;
  readonly key: string;
  readonly value: number;
  readonly color: string;
  readonly fillColor: string;
  readonly percentageColor: string;
}
export interface GaugeDataset {
  readonly name: string;
  readonly key: string;
  /** Percent of the report's total. */
  readonly value: number;
  readonly color: string;
}
export interface PieDataset {
  readonly name: string;
  readonly key: string;
  readonly value: number;
  /** Left out of the ring (nothing to draw). */
  readonly exclude: boolean;
  readonly color: string;
  readonly fillColor: string;
}
export interface StackedBarDataset {
  readonly name: string;
  readonly key: string;
  /** The time bucket (unix seconds) the segment stacks in. */
  readonly category: number;
  readonly value: number;
  readonly color: string;
}

/** One row of a heat map: a day of the week, its 24 hours. Nothing to drill into (`key` is empty). */
export interface HeatmapDataset {
  readonly name: string;
  readonly key: string;
  readonly values: readonly { readonly x: string; readonly y: number }[];
}

export type ChartData =
  | { readonly kind: 'line'; readonly datasets: LineDataset[] }
  | { readonly kind: 'bar'; readonly datasets: BarDataset[] }
  | { readonly kind: 'gauge'; readonly datasets: GaugeDataset[] }
  | { readonly kind: 'pie'; readonly datasets: PieDataset[] }
  | { readonly kind: 'stackedBar'; readonly datasets: StackedBarDataset[] }
  | { readonly kind: 'heatmap'; readonly datasets: HeatmapDataset[] };

/** Chart constants of 002 §9. */
export const PIE_RING = { innerPercent: 70, outerPercent: 82 } as const;
/** Bars take at most 75 % of their slot, so neighbouring bars never overlap however narrow the card. */
export const BAR_MAX_WIDTH = 75;
/**
 * Bars lie horizontally, one row each with its name beside it on one line (never rotated): a row is this many px
 * high, and the chart grows with the number of bars beyond its usual height.
 */
export const BAR_ROW_HEIGHT = 22;
/** Height in px of a bar chart's value axis and margins, besides its rows. */
const BAR_AXIS_HEIGHT = 60;
/**
 * Widest name beside a bar, in px, for a chart this wide: two fifths of it, between 120 and 280 px (a user's e-mail
 * address whole in a wide card). A longer name is cut with an ellipsis and shown whole as its tooltip.
 */
export function barLabelWidth(chartWidth: number): number {
  return Math.round(Math.min(BAR_LABEL_WIDTH.max, Math.max(BAR_LABEL_WIDTH.min, chartWidth * 0.4)));
}
export const BAR_LABEL_WIDTH = { min: 120, max: 280 } as const;
export const GAUGE_ANGLES = { half: 180, full: 360 } as const;
/** The gauge's track (the unfilled ring) per colour scheme: Mantine's gray 2 and dark 4, quiet beside the series colours. */
export const GAUGE_TRACK = { light: '#e9ecef', dark: '#424242' } as const;
/** A share as the gauge shows it: one decimal at most, with a percent sign. */
export const percent = (value: number): string => `${Math.round(value * 10) / 10} %`;

/** The palette series take their colours from, in order. */
export const PALETTE = ['#1c7ed6', '#f76707', '#2f9e44', '#e03131', '#7048e8', '#0c8599', '#e8590c', '#5c940d', '#c2255c', '#495057'] as const;
const colour = (i: number) => PALETTE[i % PALETTE.length]!;
/** A colour at 25 % opacity, for fills. */
export const fillOf = (hex: string) => `${hex}40`;

const nameOf = (d: TopDatum, labels?: Readonly<Record<string, string>>) => d.label ?? labels?.[d.key] ?? d.key;

type TopResult = Extract<ReportResult, { kind: 'top' | 'evasion' }>;
type SeriesResult = Extract<ReportResult, { kind: 'series' }>;

function topData(result: ReportResult): TopResult['data'] {
  if (result.kind !== 'top' && result.kind !== 'evasion') throw new Error(`A ${result.kind} report has no top-N data`);
  return result.data;
}
function seriesData(result: ReportResult): SeriesResult['series'] {
  if (result.kind !== 'series') throw new Error(`A ${result.kind} report has no time series`);
  return result.series;
}

/** The drill-down value of a top datum: its id (threat evasion) or its key. */
const keyOf = (d: TopDatum) => d.id ?? d.key;

/** Split keys of a series in order of first appearance. */
function splitKeys(series: SeriesResult['series']): string[] {
  const keys: string[] = [];
  for (const p of series) for (const k of Object.keys(p.split ?? {})) if (!keys.includes(k)) keys.push(k);
  return keys;
}

/** Line datasets: one per split value (or the total), points at bucket start in epoch ms. */
export function lineDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): LineDataset[] {
  const series = seriesData(result);
  const keys = splitKeys(series);
  if (keys.length === 0) {
    return [{ name: result.title, key: '', values: series.map((p) => ({ x: p.ts * 1000, y: p.value })), color: colour(0), fillColor: fillOf(colour(0)) }];
  }
  return keys.map((key, i) => ({
    name: labels?.[key] ?? key,
    key,
    values: series.map((p) => ({ x: p.ts * 1000, y: p.split?.[key] ?? 0 })),
    color: colour(i),
    fillColor: fillOf(colour(i)),
  }));
}

export function barDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): BarDataset[] {
  return topData(result).map((d, i) => ({
    name: nameOf(d, labels),
    key: keyOf(d),
    value: d.value,
    color: colour(i),
    fillColor: fillOf(colour(i)),
    percentageColor: '#495057',
  }));
}

/** Gauge datasets: each datum as a percentage of the report's total, rounded to one decimal. */
export function gaugeDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): GaugeDataset[] {
  const total = result.total;
  return topData(result).map((d, i) => ({
    name: nameOf(d, labels),
    key: keyOf(d),
    value: total > 0 ? Math.round((d.value / total) * 1000) / 10 : 0,
    color: colour(i),
  }));
}

export function pieDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): PieDataset[] {
  return topData(result).map((d, i) => ({
    name: nameOf(d, labels),
    key: keyOf(d),
    value: d.value,
    exclude: !(d.value > 0),
    color: colour(i),
    fillColor: fillOf(colour(i)),
  }));
}

/** Stacked-bar datasets: one segment per split value and time bucket. */
export function stackedBarDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): StackedBarDataset[] {
  const series = seriesData(result);
  const keys = splitKeys(series);
  return keys.flatMap((key, i) =>
    series.map((p) => ({ name: labels?.[key] ?? key, key, category: p.ts, value: p.split?.[key] ?? 0, color: colour(i) })),
  );
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Heat-map rows, Monday first (apexcharts draws the first series at the bottom, so Monday ends on top). */
export function heatmapDatasets(result: ReportResult): HeatmapDataset[] {
  if (result.kind !== 'heatmap') throw new Error(`A ${result.kind} report has no heat map`);
  if (!result.cells.some((c) => c.value > 0)) return [];
  return [0, 6, 5, 4, 3, 2, 1].map((day) => ({
    name: DAYS[day]!,
    key: '',
    values: Array.from({ length: 24 }, (_, hour) => ({
      x: `${String(hour).padStart(2, '0')}:00`,
      y: result.cells.find((c) => c.day === day && c.hour === hour)?.value ?? 0,
    })),
  }));
}

/** The datasets of a chart kind for a report answer. */
export function chartData(kind: ChartKind, result: ReportResult, labels?: Readonly<Record<string, string>>): ChartData {
  switch (kind) {
    case 'line':
      return { kind, datasets: lineDatasets(result, labels) };
    case 'bar':
      return { kind, datasets: barDatasets(result, labels) };
    case 'gauge':
      return { kind, datasets: gaugeDatasets(result, labels) };
    case 'pie':
      return { kind, datasets: pieDatasets(result, labels) };
    case 'stackedBar':
      return { kind, datasets: stackedBarDatasets(result, labels) };
    case 'heatmap':
      return { kind, datasets: heatmapDatasets(result) };
  }
}

/** The drill-down value of the datum apexcharts reports as (seriesIndex, dataPointIndex); undefined when none. */
export function datumKey(data: ChartData, seriesIndex: number, dataPointIndex: number): string | undefined {
  switch (data.kind) {
    case 'line':
      return data.datasets[seriesIndex]?.key || undefined;
    case 'bar':
    case 'gauge':
      return data.datasets[data.kind === 'gauge' ? seriesIndex : dataPointIndex]?.key;
    case 'pie':
      return data.datasets.filter((d) => !d.exclude)[dataPointIndex]?.key;
    case 'stackedBar':
      return [...new Set(data.datasets.map((d) => d.key))][seriesIndex];
    case 'heatmap':
      return undefined;
  }
}

/** A plain-object apexcharts configuration (typed loosely so this module needs no apexcharts types). */
export type ApexOptionsLike = Record<string, unknown> & { series: unknown[]; chart: Record<string, unknown> };

/** apexcharts options for chart data; `gauge` is a half circle unless `fullGauge`. */
export function apexOptions(
  data: ChartData,
  options: {
    readonly height?: number;
    readonly fullGauge?: boolean;
    /** The chart's width in px, for the names beside bars. */
    readonly width?: number;
    /** Drawn in the dark scheme (colours apexcharts writes into the SVG, where CSS variables do not apply). */
    readonly dark?: boolean;
  } = {},
): ApexOptionsLike {
  const chart = { height: options.height ?? 280, toolbar: { show: false }, animations: { enabled: false }, zoom: { enabled: false } };
  switch (data.kind) {
    case 'line':
      return {
        chart: { ...chart, type: 'area' },
        series: data.datasets.map((d) => ({ name: d.name, data: d.values.map((v) => [v.x, v.y]) })),
        colors: data.datasets.map((d) => d.color),
        fill: { type: 'solid', colors: data.datasets.map((d) => d.fillColor) },
        stroke: { width: 2, curve: 'straight' },
        markers: { size: 4 },
        xaxis: { type: 'datetime' },
        dataLabels: { enabled: false },
      };
    case 'bar':
      return {
        chart: { ...chart, type: 'bar', height: Math.max(chart.height, data.datasets.length * BAR_ROW_HEIGHT + BAR_AXIS_HEIGHT) },
        series: [{ name: 'Value', data: data.datasets.map((d) => d.value) }],
        // Names on the left, one line each: a long one (a user's e-mail address) is cut with an ellipsis and its
        // tooltip (and the bar's) shows it whole.
        xaxis: { categories: data.datasets.map((d) => d.name) },
        yaxis: { labels: { maxWidth: barLabelWidth(options.width ?? 0) } },
        tooltip: { x: { show: true } },
        colors: data.datasets.map((d) => d.color),
        plotOptions: { bar: { horizontal: true, distributed: true, barHeight: `${BAR_MAX_WIDTH}%`, borderRadius: 2 } },
        legend: { show: false },
        dataLabels: { enabled: false },
      };
    case 'gauge': {
      const half = !options.fullGauge;
      const angle = (half ? GAUGE_ANGLES.half : GAUGE_ANGLES.full) / 2;
      const values = data.datasets.map((d) => d.value);
      const top = data.datasets[0];
      return {
        chart: { ...chart, type: 'radialBar' },
        series: values,
        labels: data.datasets.map((d) => d.name),
        colors: data.datasets.map((d) => d.color),
        plotOptions: {
          radialBar: {
            startAngle: -angle,
            endAngle: angle,
            // Rings wide enough to tell apart, on a track that stays quiet in either scheme.
            hollow: { size: half ? '36%' : '48%' },
            track: { background: options.dark ? GAUGE_TRACK.dark : GAUGE_TRACK.light, margin: 2 },
            // In the middle: the largest share and its name, or the one pointed at.
            dataLabels: {
              name: { fontSize: '12px', fontWeight: 600, offsetY: half ? -26 : -4 },
              value: { fontSize: '18px', fontWeight: 600, offsetY: half ? -6 : 12, formatter: percent },
              total: { show: top !== undefined, label: top?.name ?? '', fontSize: '12px', fontWeight: 600, formatter: () => percent(top?.value ?? 0) },
            },
          },
        },
        // Every ring's name with its share: the values read without pointing at each ring.
        legend: { show: true, position: 'bottom', formatter: (name: string, o: { seriesIndex: number }) => `${name} ${percent(values[o.seriesIndex] ?? 0)}` },
      };
    }
    case 'pie': {
      const shown = data.datasets.filter((d) => !d.exclude);
      return {
        chart: { ...chart, type: 'donut' },
        series: shown.map((d) => d.value),
        labels: shown.map((d) => d.name),
        colors: shown.map((d) => d.color),
        // The ring: hole at 70 % of the pie, the pie scaled to 82 % of the area's radius.
        plotOptions: { pie: { customScale: PIE_RING.outerPercent / 100, donut: { size: `${PIE_RING.innerPercent}%` } } },
        legend: { position: 'bottom' },
        dataLabels: { enabled: false },
      };
    }
    case 'stackedBar': {
      const keys = [...new Set(data.datasets.map((d) => d.key))];
      const categories = [...new Set(data.datasets.map((d) => d.category))];
      return {
        chart: { ...chart, type: 'bar', stacked: true },
        series: keys.map((key) => {
          const rows = data.datasets.filter((d) => d.key === key);
          return { name: rows[0]!.name, data: categories.map((c) => rows.find((r) => r.category === c)?.value ?? 0) };
        }),
        colors: keys.map((key) => data.datasets.find((d) => d.key === key)!.color),
        xaxis: { type: 'datetime', categories: categories.map((c) => c * 1000) },
        plotOptions: { bar: { columnWidth: `${BAR_MAX_WIDTH}%` } },
        dataLabels: { enabled: false },
      };
    }
    case 'heatmap':
      return {
        chart: { ...chart, type: 'heatmap' },
        series: data.datasets.map((d) => ({ name: d.name, data: d.values.map((v) => ({ x: v.x, y: v.y })) })),
        colors: [PALETTE[0]],
        dataLabels: { enabled: false },
        xaxis: { labels: { rotate: -45 } },
      };
  }
}

/**
 * Report answers as the chart datasets of spec 002 §3, and the chart constants of §9 (pie ring from 70 to 82 percent of
 * the radius, bars at most 75 percent of their row, gauges of 180° or a full circle). Pure: no DOM (chartLayout.ts
 * turns the datasets into geometry, SvgChart.tsx draws it).
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

/** Heat-map rows, bottom first: Sunday, Saturday … Monday (SvgChart draws Monday on top). */
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

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

/** The palette series take their colours from: a value keeps its colour from chart to chart (`seriesColours`). */
export const PALETTE = [
  '#1c7ed6', '#f76707', '#2f9e44', '#e03131', '#7048e8', '#0c8599',
  '#c2255c', '#f59f00', '#ae3ec9', '#868e96', '#8d5524', '#364fc7',
] as const;

/**
 * Colours of values whose meaning has one (an action: allow green, block red, isolate blue, warn orange), as the
 * log views' badges show them.
 */
export const FIXED_COLOURS: Readonly<Record<string, string>> = {
  allow: '#2f9e44',
  deliver: '#2f9e44',
  accept: '#2f9e44',
  block: '#e03131',
  deny: '#e03131',
  reject: '#e03131',
  quarantine: '#c2255c',
  safeview: '#1c7ed6',
  isolate: '#1c7ed6',
  warn: '#f76707',
  bypass: '#868e96',
  direct: '#8d5524',
  readonly: '#0c8599',
  redirect: '#ae3ec9',
  disable: '#7048e8',
};

/** A value's own place in the palette: a hash of its text, the same in every chart and every load. */
function paletteIndex(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % PALETTE.length;
}

/**
 * The colour of each value of one chart: its fixed colour, else its place in the palette; a value whose colour is
 * already taken in this chart takes the next free one, so no two series share a colour (up to the palette's size).
 */
export function seriesColours(keys: readonly string[]): string[] {
  const used = new Set<string>();
  const out: string[] = new Array(keys.length);
  // Fixed colours first, so a hashed value never takes an action's colour from it.
  keys.forEach((key, i) => {
    const fixed = FIXED_COLOURS[key.toLowerCase()];
    if (fixed && !used.has(fixed)) {
      out[i] = fixed;
      used.add(fixed);
    }
  });
  keys.forEach((key, i) => {
    if (out[i]) return;
    const start = paletteIndex(key);
    let c: string = PALETTE[start]!;
    for (let step = 0; step < PALETTE.length && used.has(c); step++) c = PALETTE[(start + step) % PALETTE.length]!;
    out[i] = c;
    used.add(c);
  });
  return out;
}
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
    return [{ name: result.title, key: '', values: series.map((p) => ({ x: p.ts * 1000, y: p.value })), color: PALETTE[0], fillColor: fillOf(PALETTE[0]) }];
  }
  const colours = seriesColours(keys);
  return keys.map((key, i) => ({
    name: labels?.[key] ?? key,
    key,
    values: series.map((p) => ({ x: p.ts * 1000, y: p.split?.[key] ?? 0 })),
    color: colours[i]!,
    fillColor: fillOf(colours[i]!),
  }));
}

export function barDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): BarDataset[] {
  const colours = seriesColours(topData(result).map(keyOf));
  return topData(result).map((d, i) => ({
    name: nameOf(d, labels),
    key: keyOf(d),
    value: d.value,
    color: colours[i]!,
    fillColor: fillOf(colours[i]!),
    percentageColor: '#495057',
  }));
}

/** Gauge datasets: each datum as a percentage of the report's total, rounded to one decimal. */
export function gaugeDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): GaugeDataset[] {
  const total = result.total;
  const colours = seriesColours(topData(result).map(keyOf));
  return topData(result).map((d, i) => ({
    name: nameOf(d, labels),
    key: keyOf(d),
    value: total > 0 ? Math.round((d.value / total) * 1000) / 10 : 0,
    color: colours[i]!,
  }));
}

export function pieDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): PieDataset[] {
  const colours = seriesColours(topData(result).map(keyOf));
  return topData(result).map((d, i) => ({
    name: nameOf(d, labels),
    key: keyOf(d),
    value: d.value,
    exclude: !(d.value > 0),
    color: colours[i]!,
    fillColor: fillOf(colours[i]!),
  }));
}

/** Stacked-bar datasets: one segment per split value and time bucket. */
export function stackedBarDatasets(result: ReportResult, labels?: Readonly<Record<string, string>>): StackedBarDataset[] {
  const series = seriesData(result);
  const keys = splitKeys(series);
  const colours = seriesColours(keys);
  return keys.flatMap((key, i) =>
    series.map((p) => ({ name: labels?.[key] ?? key, key, category: p.ts, value: p.split?.[key] ?? 0, color: colours[i]! })),
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

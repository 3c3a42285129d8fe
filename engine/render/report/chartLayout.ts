/**
 * The geometry of the report charts (SvgChart.tsx draws it): value axes with round ticks, the slices of a ring, the
 * rings of a gauge, the rows of a bar chart and the time axis labels, with the constants of spec 002 §9 (pie ring
 * from 70 to 82 percent of the radius, bars at most 75 percent of their row, gauges of 180° or a full circle). Pure:
 * no DOM, unit-tested.
 */
import { BAR_MAX_WIDTH, BAR_ROW_HEIGHT, GAUGE_ANGLES, PIE_RING } from './chartDatasets';

/** Height in px of a chart's drawing (the legend, when there is one, goes below it). */
export const CHART_DRAWING_HEIGHT = 240;
/** Height in px of a bar chart's value axis and margins, besides its rows. */
export const BAR_AXIS_HEIGHT = 40;
/** Height in px of a bar chart of `rows` bars: its usual height, growing so that each bar keeps a readable row. */
export const barChartHeight = (rows: number): number => Math.max(CHART_DRAWING_HEIGHT + BAR_AXIS_HEIGHT, rows * BAR_ROW_HEIGHT + BAR_AXIS_HEIGHT);

/** Round ticks from 0 to at least `max`: steps of 1, 2, 2.5 or 5 times a power of ten, about `count` of them. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Math.round(i * step * 1e6) / 1e6);
  return ticks;
}

/**
 * The round ticks of `niceTicks` that end closest above `max`, with room for at most `room` of them (at least two):
 * the bars fill as much of the axis as round numbers allow.
 */
export function fittedTicks(max: number, room: number): number[] {
  let best = niceTicks(max, 2);
  for (let count = 3; count <= Math.max(2, Math.floor(room)); count++) {
    const ticks = niceTicks(max, count);
    if (ticks.length - 1 <= Math.max(2, Math.floor(room)) && ticks[ticks.length - 1]! < best[best.length - 1]!) best = ticks;
  }
  return best;
}

// Formatters are built once: building one per label (toLocaleString with options) costs a millisecond or more each.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short' });
const HOUR = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A value axis label: thousands grouped, at most one decimal. */
export const axisNumber = (value: number): string => NUMBER.format(value);

/** A point `angle` degrees clockwise from 12 o'clock on a circle. */
export function polar(cx: number, cy: number, r: number, angle: number): [number, number] {
  const rad = ((angle - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)];
}

const fmt = (n: number) => Math.round(n * 100) / 100;

/**
 * An SVG path of a ring segment between radii `inner` and `outer`, from `start` to `end` degrees clockwise from
 * 12 o'clock. A full turn is drawn as two halves (an arc cannot start and end at one point).
 */
export function ringPath(cx: number, cy: number, inner: number, outer: number, start: number, end: number): string {
  const sweep = Math.min(360, Math.max(0, end - start));
  if (sweep >= 359.999) {
    const mid = start + 180;
    return `${ringPath(cx, cy, inner, outer, start, mid)} ${ringPath(cx, cy, inner, outer, mid, start + 360)}`;
  }
  const large = sweep > 180 ? 1 : 0;
  const [x0, y0] = polar(cx, cy, outer, start);
  const [x1, y1] = polar(cx, cy, outer, start + sweep);
  const [x2, y2] = polar(cx, cy, inner, start + sweep);
  const [x3, y3] = polar(cx, cy, inner, start);
  return (
    `M${fmt(x0)} ${fmt(y0)}A${fmt(outer)} ${fmt(outer)} 0 ${large} 1 ${fmt(x1)} ${fmt(y1)}` +
    `L${fmt(x2)} ${fmt(y2)}A${fmt(inner)} ${fmt(inner)} 0 ${large} 0 ${fmt(x3)} ${fmt(y3)}Z`
  );
}

export interface Slice {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** The slice's share of the whole, 0–1. */
  readonly share: number;
}

/** The slices of a ring of these values, clockwise from 12 o'clock; values of 0 or less get none. */
export function slices(values: readonly number[]): Slice[] {
  const total = values.reduce((n, v) => n + (v > 0 ? v : 0), 0);
  if (total <= 0) return [];
  let at = 0;
  const out: Slice[] = [];
  values.forEach((v, index) => {
    if (!(v > 0)) return;
    const sweep = (v / total) * 360;
    out.push({ index, start: at, end: at + sweep, share: v / total });
    at += sweep;
  });
  return out;
}

/** The radii of a pie's ring in an area `width` × `height`: the ring from 70 to 82 percent of the area's radius (002 §9). */
export function pieRing(width: number, height: number): { cx: number; cy: number; inner: number; outer: number } {
  const radius = Math.min(width, height) / 2;
  const outer = radius * (PIE_RING.outerPercent / 100);
  return { cx: width / 2, cy: height / 2, outer, inner: outer * (PIE_RING.innerPercent / 100) };
}

export interface GaugeRing {
  readonly index: number;
  readonly inner: number;
  readonly outer: number;
  /** Degrees clockwise from 12 o'clock. */
  readonly start: number;
  /** Where the track ends. */
  readonly end: number;
  /** Where the value's arc ends. */
  readonly valueEnd: number;
}

/**
 * The rings of a gauge of percentages (0–100), outermost first, in an area `width` × `height`: a half circle (180°,
 * its centre low in the area) or a full one (002 §9), each ring over a track, a hollow middle for the label.
 */
export function gaugeRings(values: readonly number[], width: number, height: number, full: boolean): { cx: number; cy: number; hollow: number; rings: GaugeRing[] } {
  const angle = full ? GAUGE_ANGLES.full : GAUGE_ANGLES.half;
  const start = -angle / 2;
  const radius = full ? Math.min(width, height) / 2 - 4 : Math.min(width / 2, height - 8) - 4;
  const cx = width / 2;
  const cy = full ? height / 2 : height - 4;
  const hollow = radius * (full ? 0.48 : 0.36);
  const band = values.length > 0 ? (radius - hollow) / values.length : 0;
  const gap = Math.min(2, band / 4);
  const rings = values.map((v, index) => {
    const outer = radius - index * band;
    const share = Math.min(100, Math.max(0, v)) / 100;
    return { index, outer, inner: outer - band + gap, start, end: start + angle, valueEnd: start + share * angle };
  });
  return { cx, cy, hollow, rings };
}

/**
 * The rows of a horizontal bar chart `height` px high over `rows` bars, below a top margin: each row's top and the
 * bar's thickness, at most 75 percent of the row (002 §9).
 */
export function barRows(rows: number, height: number, top = 8): { rowHeight: number; thickness: number; y: (row: number) => number } {
  const rowHeight = rows > 0 ? (height - top - BAR_AXIS_HEIGHT + 8) / rows : 0;
  const thickness = (rowHeight * BAR_MAX_WIDTH) / 100;
  return { rowHeight, thickness, y: (row) => top + row * rowHeight + (rowHeight - thickness) / 2 };
}

/**
 * A name cut to fit `maxWidth` px, with an ellipsis, as `measure` measures text; the whole name when it fits.
 */
export function fitText(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid)}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

const DAY = 86_400_000;

/** A time axis label: the day and month over spans of two days or more, else the hour. */
export function timeLabel(ms: number, spanMs: number): string {
  return (spanMs >= 2 * DAY ? DAY_MONTH : HOUR).format(ms);
}

/** Which of `count` evenly spaced points get a label when at most `room` labels fit: every k-th, from the first. */
export function labelEvery(count: number, room: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, Math.floor(room))));
}

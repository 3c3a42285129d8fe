/**
 * One report chart drawn as SVG by React: horizontal bars, a ring (pie), a gauge of rings, areas over time (line),
 * stacked columns over time and a heat map, with the geometry of chartLayout.ts. Hovering a datum shows its value;
 * clicking one reports its drill-down value. The PNG export snapshots the chart as shown. Small enough to come with
 * the report view, so the dashboard draws as soon as its reports answer.
 */
import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import './chart.css';
import { elementToPng, type ChartImageSource } from '../widgets/export/exporters';
import { useContainerWidth } from '../widgets/table/useContainerWidth';
import { barLabelWidth, GAUGE_TRACK, PALETTE, percent, type ChartData } from './chartDatasets';
import {
  axisNumber,
  BAR_AXIS_HEIGHT,
  barChartHeight,
  barRows,
  CHART_DRAWING_HEIGHT,
  fitText,
  fittedTicks,
  gaugeRings,
  labelEvery,
  pieRing,
  ringPath,
  slices,
  timeLabel,
} from './chartLayout';

export interface SvgChartProps {
  readonly data: ChartData;
  readonly label: string;
  /** A gauge drawn as a full circle (else half of one). */
  readonly fullGauge?: boolean;
  /** A datum was clicked: its drill-down value. */
  readonly onDatum?: (key: string) => void;
  /** Receives the chart (for the PNG export) once drawn, and null when it goes. */
  readonly onChart?: (chart: ChartImageSource | null) => void;
}

const DIM: CSSProperties = { fill: 'var(--mantine-color-dimmed)' };
const GRID: CSSProperties = { stroke: 'var(--mantine-color-default-border)' };
const EDGE: CSSProperties = { stroke: 'var(--mantine-color-body)' };
const FONT = 12;
const HIDDEN: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };
/** Text takes the page's colour (SVG text is black by default); no gap below the drawing. */
const SVG: CSSProperties = { display: 'block', overflow: 'visible' };

let measureContext: CanvasRenderingContext2D | null | undefined;
/** Width in px of a text at the charts' font size. */
function measure(text: string): number {
  if (measureContext === undefined) {
    try {
      measureContext = document.createElement('canvas').getContext('2d');
      if (measureContext) measureContext.font = `${FONT}px ${getComputedStyle(document.body).fontFamily}`;
    } catch {
      measureContext = null;
    }
  }
  return measureContext ? measureContext.measureText(text).width : text.length * FONT * 0.55;
}

/** What a datum element carries: its tooltip, and its drill-down value when it has one. */
const datum = (tip: string, key?: string) => ({ 'data-datum': '', 'data-tip': tip, ...(key ? { 'data-key': key } : {}) });

function Legend({ items, square }: { items: readonly { readonly text: string; readonly color: string }[]; square?: boolean }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4px 14px', fontSize: FONT, marginTop: 6 }}>
      {items.map((item, i) => (
        <span key={i} style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}>
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: square ? 2 : '50%', background: item.color, flex: 'none' }} />
          {item.text}
        </span>
      ))}
    </div>
  );
}

/** A value axis (horizontal grid lines and their labels) of a chart over time. */
function ValueAxis({ ticks, left, right, y }: { ticks: readonly number[]; left: number; right: number; y: (v: number) => number }) {
  return (
    <g>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={right} y1={y(t)} y2={y(t)} style={GRID} />
          <text x={left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" style={DIM}>
            {axisNumber(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

function TimeAxis({ points, x, y, room }: { points: readonly number[]; x: (i: number) => number; y: number; room: number }) {
  const span = points.length > 1 ? points[points.length - 1]! - points[0]! : 0;
  const every = labelEvery(points.length, room / 64);
  return (
    <g>
      {points.map((p, i) =>
        i % every === 0 ? (
          <text key={p} x={x(i)} y={y} textAnchor="middle" style={DIM}>
            {timeLabel(p, span)}
          </text>
        ) : null,
      )}
    </g>
  );
}

function drawBar(data: Extract<ChartData, { kind: 'bar' }>, width: number): ReactNode {
  const { datasets } = data;
  const height = barChartHeight(datasets.length);
  const labelWidth = barLabelWidth(width);
  const left = labelWidth + 12;
  const max = Math.max(0, ...datasets.map((d) => d.value));
  // The last tick's label is centred on the axis's end: room for half of it.
  const right = width - Math.ceil(measure(axisNumber(max * 2)) / 2) - 4;
  const ticks = fittedTicks(max, (right - left) / 56);
  const top = ticks[ticks.length - 1]!;
  const x = (v: number) => left + (v / top) * (right - left);
  const rows = barRows(datasets.length, height);
  const bottom = height - BAR_AXIS_HEIGHT + 8;
  return (
    <svg fill="currentColor" style={SVG} width={width} height={height}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={8} y2={bottom} style={GRID} />
          <text x={x(t)} y={bottom + 18} textAnchor="middle" style={DIM}>
            {axisNumber(t)}
          </text>
        </g>
      ))}
      {datasets.map((d, i) => (
        <g key={i}>
          <text x={left - 8} y={rows.y(i) + rows.thickness / 2} textAnchor="end" dominantBaseline="central">
            {fitText(d.name, labelWidth, measure)}
          </text>
          <rect x={left} y={rows.y(i)} width={Math.max(1, x(d.value) - left)} height={rows.thickness} rx={2} fill={d.color} {...datum(`${d.name}: ${axisNumber(d.value)}`, d.key)} />
        </g>
      ))}
    </svg>
  );
}

function drawPie(data: Extract<ChartData, { kind: 'pie' }>, width: number): ReactNode {
  const shown = data.datasets.filter((d) => !d.exclude);
  const ring = pieRing(width, CHART_DRAWING_HEIGHT);
  return (
    <>
      <svg fill="currentColor" style={SVG} width={width} height={CHART_DRAWING_HEIGHT}>
        {slices(shown.map((d) => d.value)).map((s) => {
          const d = shown[s.index]!;
          return (
            <path
              key={s.index}
              d={ringPath(ring.cx, ring.cy, ring.inner, ring.outer, s.start, s.end)}
              fill={d.color}
              style={EDGE}
              {...datum(`${d.name}: ${axisNumber(d.value)} (${percent(s.share * 100)})`, d.key)}
            />
          );
        })}
      </svg>
      <Legend items={shown.map((d) => ({ text: d.name, color: d.color }))} />
    </>
  );
}

function drawGauge(data: Extract<ChartData, { kind: 'gauge' }>, width: number, full: boolean, dark: boolean): ReactNode {
  const { datasets } = data;
  const height = full ? CHART_DRAWING_HEIGHT : Math.round(CHART_DRAWING_HEIGHT * 0.75);
  const g = gaugeRings(
    datasets.map((d) => d.value),
    width,
    height,
    full,
  );
  const top = datasets[0];
  return (
    <>
      <svg fill="currentColor" style={SVG} width={width} height={height}>
        {g.rings.map((r) => {
          const d = datasets[r.index]!;
          return (
            <g key={r.index}>
              <path d={ringPath(g.cx, g.cy, r.inner, r.outer, r.start, r.end)} fill={dark ? GAUGE_TRACK.dark : GAUGE_TRACK.light} />
              {r.valueEnd > r.start && (
                <path d={ringPath(g.cx, g.cy, r.inner, r.outer, r.start, r.valueEnd)} fill={d.color} {...datum(`${d.name}: ${percent(d.value)}`, d.key)} />
              )}
            </g>
          );
        })}
        {top && (
          <>
            <text x={g.cx} y={g.cy + (full ? -6 : -30)} textAnchor="middle" fontWeight={600}>
              {fitText(top.name, g.hollow * 1.8, measure)}
            </text>
            <text x={g.cx} y={g.cy + (full ? 16 : -8)} textAnchor="middle" fontWeight={600} fontSize={18}>
              {percent(top.value)}
            </text>
          </>
        )}
      </svg>
      <Legend items={datasets.map((d) => ({ text: `${d.name} ${percent(d.value)}`, color: d.color }))} />
    </>
  );
}

/** The plot area of a chart over time: left of it the value labels, below it the time labels. */
function timePlot(width: number, max: number) {
  const ticks = fittedTicks(max, 5);
  const top = ticks[ticks.length - 1]!;
  const plot = { left: Math.ceil(measure(axisNumber(top))) + 14, right: width - 14, top: 10, bottom: CHART_DRAWING_HEIGHT - 26 };
  const y = (v: number) => plot.bottom - (v / top) * (plot.bottom - plot.top);
  return { ticks, plot, y };
}

function drawLine(data: Extract<ChartData, { kind: 'line' }>, width: number): ReactNode {
  const { datasets } = data;
  const points = datasets[0]?.values.map((v) => v.x) ?? [];
  const { ticks, plot, y } = timePlot(width, Math.max(0, ...datasets.flatMap((d) => d.values.map((v) => v.y))));
  const first = points[0] ?? 0;
  const span = (points[points.length - 1] ?? 0) - first;
  const x = (ms: number) => (span > 0 ? plot.left + ((ms - first) / span) * (plot.right - plot.left) : (plot.left + plot.right) / 2);
  return (
    <>
      <svg fill="currentColor" style={SVG} width={width} height={CHART_DRAWING_HEIGHT}>
        <ValueAxis ticks={ticks} left={plot.left} right={plot.right} y={y} />
        <TimeAxis points={points} x={(i) => x(points[i]!)} y={CHART_DRAWING_HEIGHT - 8} room={plot.right - plot.left} />
        {datasets.map((d, i) => {
          const line = d.values.map((v, j) => `${j === 0 ? 'M' : 'L'}${x(v.x).toFixed(1)} ${y(v.y).toFixed(1)}`).join('');
          const area = d.values.length > 0 ? `${line}L${x(d.values[d.values.length - 1]!.x).toFixed(1)} ${plot.bottom}L${x(d.values[0]!.x).toFixed(1)} ${plot.bottom}Z` : '';
          return (
            <g key={i}>
              <path d={area} fill={d.fillColor} />
              <path d={line} fill="none" stroke={d.color} strokeWidth={2} strokeLinejoin="round" />
            </g>
          );
        })}
        {datasets.map((d, i) => (
          <g key={i}>
            {d.values.map((v) => (
              <circle key={v.x} cx={x(v.x)} cy={y(v.y)} r={3.5} fill={d.color} style={EDGE} {...datum(`${d.name} · ${timeLabel(v.x, span)}: ${axisNumber(v.y)}`, d.key)} />
            ))}
          </g>
        ))}
      </svg>
      <Legend items={datasets.map((d) => ({ text: d.name, color: d.color }))} />
    </>
  );
}

function drawStackedBar(data: Extract<ChartData, { kind: 'stackedBar' }>, width: number): ReactNode {
  const keys = [...new Set(data.datasets.map((d) => d.key))];
  const categories = [...new Set(data.datasets.map((d) => d.category))].sort((a, b) => a - b);
  const value = new Map(data.datasets.map((d) => [`${d.key}|${d.category}`, d.value]));
  const series = keys.map((key) => data.datasets.find((d) => d.key === key)!);
  const totals = categories.map((c) => keys.reduce((n, k) => n + (value.get(`${k}|${c}`) ?? 0), 0));
  const { ticks, plot, y } = timePlot(width, Math.max(0, ...totals));
  const slot = categories.length > 0 ? (plot.right - plot.left) / categories.length : 0;
  const column = (slot * 75) / 100;
  const x = (i: number) => plot.left + i * slot + (slot - column) / 2;
  const span = categories.length > 1 ? (categories[categories.length - 1]! - categories[0]!) * 1000 : 0;
  return (
    <>
      <svg fill="currentColor" style={SVG} width={width} height={CHART_DRAWING_HEIGHT}>
        <ValueAxis ticks={ticks} left={plot.left} right={plot.right} y={y} />
        <TimeAxis points={categories.map((c) => c * 1000)} x={(i) => x(i) + column / 2} y={CHART_DRAWING_HEIGHT - 8} room={plot.right - plot.left} />
        {categories.map((c, i) => {
          let base = 0;
          return (
            <g key={c}>
              {series.map((s) => {
                const v = value.get(`${s.key}|${c}`) ?? 0;
                if (!(v > 0)) return null;
                const y0 = y(base);
                base += v;
                return (
                  <rect
                    key={s.key}
                    x={x(i)}
                    y={y(base)}
                    width={Math.max(1, column)}
                    height={Math.max(0.5, y0 - y(base))}
                    fill={s.color}
                    {...datum(`${s.name} · ${timeLabel(c * 1000, span)}: ${axisNumber(v)}`, s.key)}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <Legend square items={series.map((s) => ({ text: s.name, color: s.color }))} />
    </>
  );
}

function drawHeatmap(data: Extract<ChartData, { kind: 'heatmap' }>, width: number): ReactNode {
  // The datasets come bottom row first: Monday is drawn on top.
  const rows = [...data.datasets].reverse();
  const hours = rows[0]?.values.map((v) => v.x) ?? [];
  const max = Math.max(0, ...rows.flatMap((r) => r.values.map((v) => v.y)));
  const left = Math.ceil(Math.max(0, ...rows.map((r) => measure(r.name)))) + 10;
  const right = width - 8;
  const top = 6;
  const bottom = CHART_DRAWING_HEIGHT - 22;
  const cellW = hours.length > 0 ? (right - left) / hours.length : 0;
  const cellH = rows.length > 0 ? (bottom - top) / rows.length : 0;
  const every = labelEvery(hours.length, (right - left) / 44);
  return (
    <svg fill="currentColor" style={SVG} width={width} height={CHART_DRAWING_HEIGHT}>
      {rows.map((r, i) => (
        <g key={r.name}>
          <text x={left - 8} y={top + i * cellH + cellH / 2} textAnchor="end" dominantBaseline="central">
            {r.name}
          </text>
          {r.values.map((v, j) => (
            <rect
              key={v.x}
              x={left + j * cellW + 1}
              y={top + i * cellH + 1}
              width={Math.max(1, cellW - 2)}
              height={Math.max(1, cellH - 2)}
              rx={2}
              fill={PALETTE[0]}
              fillOpacity={max > 0 ? 0.08 + (0.92 * v.y) / max : 0.08}
              {...datum(`${r.name} ${v.x}: ${axisNumber(v.y)}`)}
            />
          ))}
        </g>
      ))}
      {hours.map((h, j) =>
        j % every === 0 ? (
          <text key={h} x={left + j * cellW + cellW / 2} y={CHART_DRAWING_HEIGHT - 6} textAnchor="middle" style={DIM}>
            {h}
          </text>
        ) : null,
      )}
    </svg>
  );
}

function drawing(data: ChartData, width: number, fullGauge: boolean, dark: boolean): ReactNode {
  switch (data.kind) {
    case 'bar':
      return drawBar(data, width);
    case 'pie':
      return drawPie(data, width);
    case 'gauge':
      return drawGauge(data, width, fullGauge, dark);
    case 'line':
      return drawLine(data, width);
    case 'stackedBar':
      return drawStackedBar(data, width);
    case 'heatmap':
      return drawHeatmap(data, width);
  }
}

const datumOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<SVGElement>('[data-datum]') : null);

/** Draws the chart data; see the module comment. */
export function SvgChart({ data, label, fullGauge = false, onDatum, onChart }: SvgChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // Drawn at the width the card gives it, again when that changes.
  const width = useContainerWidth(host);
  const [tip, setTip] = useState<{ x: number; y: number; text: string } | null>(null);
  const handlers = useRef({ onDatum, onChart });
  const hintId = useId();
  const clickable = onDatum !== undefined && data.kind !== 'heatmap';
  const dark = useComputedColorScheme('light') === 'dark';
  useEffect(() => {
    handlers.current = { onDatum, onChart };
  });

  const drawn = width > 0;
  useEffect(() => {
    const el = host.current;
    if (!el || !drawn) return;
    handlers.current.onChart?.({
      dataURI: async (options) => ({ imgURI: await elementToPng(el, options?.scale ?? 2, getComputedStyle(document.body).backgroundColor || '#ffffff') }),
    });
    return () => handlers.current.onChart?.(null);
  }, [drawn]);

  // The datum the arrow keys are on (its index among the chart's datum elements), while the chart has the focus.
  const [active, setActive] = useState<number | null>(null);
  const datums = () => [...(host.current?.querySelectorAll<SVGElement>('[data-datum]') ?? [])].filter((d) => d.dataset.tip);
  useEffect(() => {
    const list = datums();
    list.forEach((d, i) => (i === active ? d.setAttribute('data-active', '') : d.removeAttribute('data-active')));
    const el = active === null ? undefined : list[active];
    const box = host.current?.getBoundingClientRect();
    if (!el || !box) return;
    const r = el.getBoundingClientRect();
    setTip({ x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top, text: el.dataset.tip ?? '' });
  }, [active, data, width]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = datums();
    if (list.length === 0) return;
    const last = list.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      ArrowDown: Math.min(last, (active ?? -1) + 1),
      ArrowLeft: Math.max(0, (active ?? 1) - 1),
      ArrowUp: Math.max(0, (active ?? 1) - 1),
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if ((e.key === 'Enter' || e.key === ' ') && active !== null && clickable) {
      const key = list[active]?.dataset.key;
      if (key) {
        e.preventDefault();
        handlers.current.onDatum?.(key);
      }
    }
  };
  const activeText = active === null ? '' : (tip?.text ?? '');

  const showTip = (e: PointerEvent<HTMLDivElement>) => {
    const d = datumOf(e.target);
    const box = host.current?.getBoundingClientRect();
    setTip(d && box ? { x: e.clientX - box.left, y: e.clientY - box.top, text: d.dataset.tip ?? '' } : null);
  };

  return (
    <div
      ref={host}
      role="figure"
      aria-label={label}
      aria-describedby={hintId}
      tabIndex={0}
      className="portal-chart"
      data-chart-kind={data.kind}
      onKeyDown={onKeyDown}
      onBlur={() => {
        setActive(null);
        setTip(null);
      }}
      style={{ position: 'relative', fontSize: FONT, color: 'var(--mantine-color-text)', cursor: tip && clickable ? 'pointer' : undefined }}
      onPointerMove={showTip}
      onPointerLeave={() => setTip(null)}
      onClick={(e) => {
        const key = datumOf(e.target)?.dataset.key;
        if (key) handlers.current.onDatum?.(key);
      }}
    >
      <span id={hintId} style={HIDDEN}>
        {clickable ? 'Arrow keys move between the values; Enter opens the one shown.' : 'Arrow keys move between the values.'}
      </span>
      <span aria-live="polite" style={HIDDEN}>
        {activeText}
      </span>
      {drawn && drawing(data, width, fullGauge, dark)}
      {tip && tip.text && (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            left: tip.x,
            top: tip.y,
            transform: `translate(${tip.x > width / 2 ? 'calc(-100% - 12px)' : '12px'}, 12px)`,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            padding: '4px 8px',
            borderRadius: 4,
            fontSize: FONT,
            background: 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-default-border)',
            boxShadow: 'var(--mantine-shadow-sm)',
            zIndex: 1,
          }}
        >
          {tip.text}
        </div>
      )}
    </div>
  );
}

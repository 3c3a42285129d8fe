/**
 * One apexcharts chart. This module is the only one that imports apexcharts, and ReportView loads it lazily, so the
 * chart library arrives in its own chunk with the first chart. Only the core, the chart types chartDatasets.ts
 * builds and the features in use are imported (about half the full bundle).
 */
import ApexCharts from 'apexcharts/core';
import 'apexcharts/area';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/heatmap';
import 'apexcharts/radialBar';
import 'apexcharts/features/exports';
import 'apexcharts/features/legend';
import type { ApexOptions } from 'apexcharts';
import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChartImageSource } from '../widgets/export/exporters';
import { apexOptions, datumKey, type ChartData } from './chartDatasets';

export interface ApexChartProps {
  readonly data: ChartData;
  readonly label: string;
  /** A gauge drawn as a full circle (else half of one). */
  readonly fullGauge?: boolean;
  /** A datum was clicked: its drill-down value. */
  readonly onDatum?: (key: string) => void;
  /** Receives the chart (for the PNG export) once drawn, and null when it goes. */
  readonly onChart?: (chart: ChartImageSource | null) => void;
}

/** Draws the chart data; see the module comment. */
export function ApexChart({ data, label, fullGauge, onDatum, onChart }: ApexChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onDatum, onChart });
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    handlers.current = { onDatum, onChart };
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    // The pure builder types its options loosely; their shape is apexcharts' own.
    const options = apexOptions(data, { width: el.clientWidth, dark: scheme === 'dark', fullGauge }) as ApexOptions;
    const chart = new ApexCharts(el, {
      ...options,
      // apexcharts writes colours into SVG attributes, where CSS variables do not apply: Mantine's text colours.
      theme: { mode: scheme },
      chart: {
        ...options.chart,
        background: 'transparent',
        foreColor: scheme === 'dark' ? '#c9c9c9' : '#000000',
        events: {
          dataPointSelection: (_e, _c, opts) => {
            if (!opts) return;
            const key = datumKey(data, opts.seriesIndex, opts.dataPointIndex);
            if (key !== undefined) handlers.current.onDatum?.(key);
          },
        },
      },
      markers: data.kind === 'line' ? { size: 5 } : undefined,
      tooltip: { intersect: data.kind === 'line', shared: false },
    });
    let alive = true;
    void chart.render().then(() => {
      if (alive) handlers.current.onChart?.(chart);
    });
    return () => {
      alive = false;
      handlers.current.onChart?.(null);
      chart.destroy();
    };
  }, [data, scheme, fullGauge]);

  return <div ref={host} role="figure" aria-label={label} data-chart-kind={data.kind} />;
}

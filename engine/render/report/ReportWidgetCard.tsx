/**
 * One chart card of a report view: loads its report over the interval (and the view's filters), draws it
 * (SvgChart) or shows a skeleton, the failure with Retry, or that there is nothing to draw. A new
 * interval or filter, a retry or leaving the screen aborts the request (and the server drops its query).
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import type { ReportWidgetDef } from '../../../definitions/define';
import { fieldLabels } from '../../../schemas/fieldLabels';
import { reportSpec, type ReportName } from '../../../schemas/reports';
import { useCall } from '../shell/EngineContext';
import { exportChartPng, type ChartImageSource } from '../widgets/export/exporters';
import { chartData, type ChartData } from './chartDatasets';
import { ChartTable } from './ChartTable';
import { datumName } from './drillNames';
import { calendarDays } from './IntervalSelect';
import { SvgChart } from './SvgChart';


export type ReportQueryValues = Readonly<Record<string, string | readonly string[]>>;

/** Height of a chart card's drawing area, kept while it loads so the grid does not jump. */
const CHART_HEIGHT = 280;
const SKELETON_BARS = [92, 76, 64, 55, 47, 40, 31, 24];

/** The labels of a time series' split values (actions, profile types): the words the logs use. */
function splitLabels(report: ReportName) {
  const spec = reportSpec(report);
  return spec.splitBy ? fieldLabels(spec.logType, spec.splitBy) : undefined;
}

type WidgetState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ChartData };

export interface ReportWidgetCardProps {
  readonly widget: ReportWidgetDef;
  readonly interval: string;
  readonly limit: number;
  /** Filters sent with the report query besides the widget's own. */
  readonly filters?: ReportQueryValues;
  /** A datum was clicked: its drill-down value and the name the chart shows; none: the chart is not clickable. */
  readonly onDatum?: (key: string, name: string | undefined) => void;
  /** What the chart is narrowed to, after its title ("Category: Social Networking"). */
  readonly subtitle?: string;
  /** The title's element, for the view to move the focus to. */
  readonly titleRef?: Ref<HTMLHeadingElement>;
  /** The hint under a clickable chart. */
  readonly datumHint?: string;
  /** Controls beside the title. */
  readonly actions?: ReactNode;
}

export function ReportWidgetCard({ widget, interval, limit, filters, onDatum, datumHint, actions, subtitle, titleRef }: ReportWidgetCardProps) {
  const call = useCall();
  // The answer of the request named by `request`; another request's answer (an earlier interval) reads as loading.
  const [answer, setAnswer] = useState<{ request: string; state: WidgetState } | null>(null);
  const [chart, setChart] = useState<ChartImageSource | null>(null);
  // Bumped by Retry to load the report again.
  const [attempt, setAttempt] = useState(0);
  const [asTable, setAsTable] = useState(false);
  // The query as text, so a new object with the same filters is the same request.
  const queryKey = JSON.stringify({ interval, limit, ...calendarDays(interval, widget.report), ...widget.filters, ...filters });
  const request = `${queryKey}|${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const setState = (state: WidgetState) => setAnswer({ request, state });
    (
      call(widget.operation, { query: JSON.parse(queryKey) as ReportQueryValues }, { signal: controller.signal })
    ).then(
      (result) => {
        if (controller.signal.aborted) return;
        try {
          setState({ status: 'ready', data: chartData(widget.chart, result, splitLabels(widget.report)) });
        } catch (error) {
          setState({ status: 'error', message: (error as Error).message });
        }
      },
      (error: unknown) =>
        !controller.signal.aborted && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [call, widget, queryKey, request]);
  const state: WidgetState = answer?.request === request ? answer.state : { status: 'loading' };

  const empty = state.status === 'ready' && state.data.datasets.length === 0;
  return (
    <Card withBorder padding="md" component="section" aria-label={widget.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {widget.title}
          {subtitle && (
            <Text span inherit c="dimmed" fw={500}>
              {` · ${subtitle}`}
            </Text>
          )}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {actions}
          <Button
            size="xs"
            variant="default"
            aria-pressed={asTable}
            disabled={state.status !== 'ready' || empty}
            onClick={() => setAsTable((t) => !t)}
            aria-label={`${asTable ? 'View as chart' : 'View as table'}: ${widget.title}`}
          >
            {asTable ? 'View as chart' : 'View as table'}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!chart}
            onClick={() => chart && void exportChartPng(chart, widget.report)}
            aria-label={`Export PNG: ${widget.title}`}
          >
            Export PNG
          </Button>
        </Group>
      </Group>
      {state.status === 'loading' && (
        <Stack gap={6} role="status" aria-label={`Loading ${widget.title}`} h={CHART_HEIGHT} justify="flex-end">
          {SKELETON_BARS.map((w, i) => (
            <Skeleton key={i} height={18} width={`${w}%`} radius="sm" />
          ))}
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" role="alert" title="This chart could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.message}</Text>
            <Button size="xs" variant="default" onClick={() => setAttempt((a) => a + 1)}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {empty && <Text c="dimmed">No data in this interval.</Text>}
      {state.status === 'ready' && !empty && asTable && (
        <ChartTable
          data={state.data}
          label={subtitle ? `${widget.title} · ${subtitle}` : widget.title}
          onDatum={onDatum && ((key) => onDatum(key, datumName(state.data, key)))}
        />
      )}
      {state.status === 'ready' && !empty && !asTable && (
        <SvgChart
          data={state.data}
          label={subtitle ? `${widget.title} · ${subtitle}` : widget.title}
          fullGauge={widget.gaugeAngle === 360}
          onDatum={onDatum && ((key) => onDatum(key, datumName(state.data, key)))}
          onChart={setChart}
        />
      )}
      {onDatum && datumHint && state.status === 'ready' && !empty && state.data.kind !== 'heatmap' && (
        <Text size="xs" c="dimmed">
          {datumHint}
        </Text>
      )}
    </Card>
  );
}

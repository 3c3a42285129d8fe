/**
 * One chart card of a report view: loads its report over the interval (and the view's filters), draws it
 * (SvgChart) or shows a skeleton, the failure with Retry, or that there is nothing to draw. A new
 * interval or filter, a retry or leaving the screen aborts the request (and the server drops its query).
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { ReportWidgetDef } from '../../../definitions/define';
import { fieldLabels } from '../../../schemas/fieldLabels';
import { reportSpec, type ReportName, type ReportResult } from '../../../schemas/reports';
import type { OperationInput } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';
import { exportChartPng, type ChartImageSource } from '../widgets/export/exporters';
import { chartData, type ChartData } from './chartDatasets';
import { SvgChart } from './SvgChart';


type ReportId = ReportWidgetDef['operation']['id'];
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
  /** A datum was clicked: its drill-down value; none: the chart is not clickable. */
  readonly onDatum?: (key: string) => void;
  /** The hint under a clickable chart. */
  readonly datumHint?: string;
  /** Controls beside the title. */
  readonly actions?: ReactNode;
}

export function ReportWidgetCard({ widget, interval, limit, filters, onDatum, datumHint, actions }: ReportWidgetCardProps) {
  const api = useApi();
  // The answer of the request named by `request`; another request's answer (an earlier interval) reads as loading.
  const [answer, setAnswer] = useState<{ request: string; state: WidgetState } | null>(null);
  const [chart, setChart] = useState<ChartImageSource | null>(null);
  // Bumped by Retry to load the report again.
  const [attempt, setAttempt] = useState(0);
  // The query as text, so a new object with the same filters is the same request.
  const queryKey = JSON.stringify({ interval, limit, ...widget.filters, ...filters });
  const request = `${queryKey}|${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const setState = (state: WidgetState) => setAnswer({ request, state });
    (
      api.callById(widget.operation.id as ReportId, { query: JSON.parse(queryKey) as ReportQueryValues } as OperationInput<ReportId>, {
        signal: controller.signal,
      }) as Promise<ReportResult>
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
  }, [api, widget, queryKey, request]);
  const state: WidgetState = answer?.request === request ? answer.state : { status: 'loading' };

  const empty = state.status === 'ready' && state.data.datasets.length === 0;
  return (
    <Card withBorder padding="md" component="section" aria-label={widget.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {widget.title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {actions}
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
      {state.status === 'ready' && !empty && (
        <SvgChart data={state.data} label={widget.title} fullGauge={widget.gaugeAngle === 360} onDatum={onDatum} onChart={setChart} />
      )}
      {onDatum && datumHint && state.status === 'ready' && !empty && state.data.kind !== 'heatmap' && (
        <Text size="xs" c="dimmed">
          {datumHint}
        </Text>
      )}
    </Card>
  );
}

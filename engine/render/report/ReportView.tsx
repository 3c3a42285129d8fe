/**
 * A report screen (spec 001 §7 reporting): an interval picker kept in the URL and one card per widget, each loading its
 * report and drawing it with apexcharts (a lazy chunk). A click on a datum opens the widget's log view filtered by
 * that datum over the same interval; each chart exports as PNG.
 */
import { Alert, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ReportDef } from '../../../definitions/define';
import { LOG_INTERVALS } from '../../../schemas/logEnums';
import { fieldLabels } from '../../../schemas/fieldLabels';
import { REPORT_INTERVAL_DEFAULT, REPORT_INTERVALS, reportSpec, type ReportName, type ReportResult } from '../../../schemas/reports';
import type { OperationInput } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';
import { exportChartPng, type ChartImageSource } from '../widgets';
import { chartData, type ChartData } from './chartDatasets';
import { drillDownRoute, type ReportWidget } from './drillDown';

const ApexChart = lazy(() => import('./ApexChart').then((m) => ({ default: m.ApexChart })));

export interface ReportViewProps {
  readonly screen: ReportDef;
  /** The URL query of the route (`interval`). */
  readonly query: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly setQuery: (query: Readonly<Record<string, string | readonly string[] | undefined>>) => void;
  /** Opens a hash route (the drill-down). */
  readonly navigate: (to: string) => void;
}

/** Top-N size of a dashboard widget. */
export const WIDGET_LIMIT = 10;

type ReportId = ReportWidget['operation']['id'];

/** The report interval of a URL query, or the default. */
export function reportInterval(query: ReportViewProps['query']): string {
  const raw = query.interval;
  const v = typeof raw === 'string' ? raw : raw?.[0];
  return v !== undefined && v in REPORT_INTERVALS ? v : REPORT_INTERVAL_DEFAULT;
}

/** Height of a chart card's drawing area, kept while it loads so the grid does not jump. */
const CHART_HEIGHT = 280;
const SKELETON_BARS = [92, 76, 64, 55, 47, 40, 31, 24];

/** The labels of a time series' split values (actions, profile types): the words the logs use. */
function splitLabels(report: ReportName) {
  const spec = reportSpec(report);
  return spec.splitBy ? fieldLabels(spec.logType, spec.splitBy) : undefined;
}

type WidgetState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ChartData };

function ReportWidgetCard({ widget, interval, navigate }: { widget: ReportWidget; interval: string; navigate: (to: string) => void }) {
  const api = useApi();
  // The answer of the request named by `request`; another request's answer (an earlier interval) reads as loading.
  const [answer, setAnswer] = useState<{ request: string; state: WidgetState } | null>(null);
  const [chart, setChart] = useState<ChartImageSource | null>(null);

  // Bumped by Retry to load the report again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // A new interval, a retry or leaving the screen aborts the request (and the server drops its query).
    const controller = new AbortController();
    const request = `${interval}|${attempt}`;
    const setState = (state: WidgetState) => setAnswer({ request, state });
    const query = { interval, limit: WIDGET_LIMIT, ...widget.filters };
    (
      api.callById(widget.operation.id as ReportId, { query } as OperationInput<ReportId>, {
        signal: controller.signal,
      }) as Promise<ReportResult>
    ).then(
      (result) => {
        if (controller.signal.aborted) return;
        try {
          setState({ status: 'ready', data: chartData(widget.chart, result, splitLabels(widget.report as ReportName)) });
        } catch (error) {
          setState({ status: 'error', message: (error as Error).message });
        }
      },
      (error: unknown) =>
        !controller.signal.aborted && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [api, widget, interval, attempt]);
  const state: WidgetState = answer?.request === `${interval}|${attempt}` ? answer.state : { status: 'loading' };

  const onDatum = useMemo(
    () => (widget.drillDown ? (key: string) => {
      const to = drillDownRoute(widget, key, interval);
      if (to) navigate(to);
    } : undefined),
    [widget, interval, navigate],
  );

  const empty = state.status === 'ready' && state.data.datasets.length === 0;
  return (
    <Card withBorder padding="md" component="section" aria-label={widget.title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {widget.title}
        </Title>
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
        <Suspense fallback={<Loader size="sm" role="status" aria-label={`Loading ${widget.title}`} />}>
          <ApexChart data={state.data} label={widget.title} onDatum={onDatum} onChart={setChart} />
        </Suspense>
      )}
      {widget.drillDown && state.status === 'ready' && !empty && (
        <Text size="xs" c="dimmed">
          Click a datum to open the matching events.
        </Text>
      )}
    </Card>
  );
}

/** The report view; see the module comment. */
export function ReportView({ screen, query, setQuery, navigate }: ReportViewProps) {
  const interval = reportInterval(query);
  const options = Object.keys(REPORT_INTERVALS).map((n) => ({ value: n, label: LOG_INTERVALS[n as keyof typeof LOG_INTERVALS].label }));
  return (
    <Stack gap="md">
      <NativeSelect
        label="Interval"
        data={options}
        value={interval}
        onChange={(e) => setQuery({ ...query, interval: e.currentTarget.value })}
        maw={240}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {screen.widgets.map((w) => (
          <ReportWidgetCard key={`${w.report}|${w.title}`} widget={w} interval={interval} navigate={navigate} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A report screen (spec 001 §7 reporting): an interval picker kept in the URL and one card per widget, each loading its
 * report and drawing it with apexcharts (a lazy chunk). A click on a datum opens the widget's log view filtered by
 * that datum over the same interval; each chart exports as PNG.
 */
import { Alert, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ReportDef } from '../../../definitions/define';
import { LOG_INTERVALS } from '../../../schemas/logEnums';
import { REPORT_INTERVAL_DEFAULT, REPORT_INTERVALS, type ReportResult } from '../../../schemas/reports';
import type { OperationId, OperationInput } from '../../generated/client.gen';
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

type ReportId = Extract<OperationId, `reports.${string}`>;

/** The report interval of a URL query, or the default. */
export function reportInterval(query: ReportViewProps['query']): string {
  const raw = query.interval;
  const v = typeof raw === 'string' ? raw : raw?.[0];
  return v !== undefined && v in REPORT_INTERVALS ? v : REPORT_INTERVAL_DEFAULT;
}

type WidgetState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ChartData };

function ReportWidgetCard({ widget, interval, navigate }: { widget: ReportWidget; interval: string; navigate: (to: string) => void }) {
  const api = useApi();
  const [state, setState] = useState<WidgetState>({ status: 'loading' });
  const [chart, setChart] = useState<ChartImageSource | null>(null);

  useEffect(() => {
    let alive = true;
    const query = { interval, limit: WIDGET_LIMIT, ...widget.filters };
    (api.callById(`reports.${widget.report}` as ReportId, { query } as OperationInput<ReportId>) as Promise<ReportResult>).then(
      (result) => {
        if (!alive) return;
        try {
          setState({ status: 'ready', data: chartData(widget.chart, result) });
        } catch (error) {
          setState({ status: 'error', message: (error as Error).message });
        }
      },
      (error: unknown) => alive && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      alive = false;
    };
  }, [api, widget, interval]);

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
      {state.status === 'loading' && <Loader size="sm" role="status" aria-label={`Loading ${widget.title}`} />}
      {state.status === 'error' && (
        <Alert color="red" role="alert">
          {state.message}
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
          // Keyed by the interval too: a new interval starts the card over, loading.
          <ReportWidgetCard key={`${w.report}|${w.title}|${interval}`} widget={w} interval={interval} navigate={navigate} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

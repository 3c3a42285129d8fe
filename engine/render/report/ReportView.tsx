/**
 * A report screen (spec 001 §7 reporting): an interval picker kept in the URL and one card per chart. A dashboard
 * draws its charts side by side, each datum opening its log view filtered by that datum over the same interval; with
 * `arrange` each user adds, removes and reorders their own charts (kept on the server). A catalogue (`groups`) opens
 * one report at a time (ReportCatalogueView).
 */
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReportDef, ReportWidgetDef } from '../../../definitions/define';
import type { ReportName } from '../../../schemas/reports';
import { isApiError } from '../../core/http';
import { answerRecord } from '../../core/call';
import { useCall } from '../shell/EngineContext';
import { DashboardArrange } from './DashboardArrange';
import { drillDownRoute } from './drillDown';
import { IntervalSelect, reportInterval } from './IntervalSelect';
import { ReportCatalogueView } from './ReportCatalogueView';
import { ReportWidgetCard } from './ReportWidgetCard';
import type { ReportViewProps } from './reportViewProps';

export type { ReportViewProps } from './reportViewProps';


/** Top-N size of a dashboard widget. */
export const WIDGET_LIMIT = 10;

interface Layout {
  readonly widgets: readonly ReportName[];
  readonly updated_at?: string;
}

/** An arrangement as the arrange operations answer it (`{ widgets, updated_at? }`), or null for anything else. */
function layoutOf(answer: unknown): Layout | null {
  const a = answerRecord(answer);
  if (!a || !Array.isArray(a.widgets)) return null;
  const widgets = a.widgets.filter((w): w is ReportName => typeof w === 'string');
  return typeof a.updated_at === 'string' ? { widgets, updated_at: a.updated_at } : { widgets };
}

/** The charts of a layout: the dashboard's own definition of a report, else the catalogue's. */
function layoutWidgets(screen: ReportDef, names: readonly string[]): ReportWidgetDef[] {
  const pool = [...screen.widgets, ...(screen.arrange?.from.widgets ?? [])];
  return names.flatMap((n) => pool.find((w) => w.report === n) ?? []);
}

/** The user's arrangement of an arrangeable dashboard: loaded once, saved with its stamp (409: the stored one). */
function useLayout(screen: ReportDef) {
  const call = useCall();
  const arrange = screen.arrange;
  const [layout, setLayout] = useState<Layout | 'loading' | null>(arrange ? 'loading' : null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!arrange) return;
    let alive = true;
    call(arrange.get).then(
      (l) => alive && setLayout(layoutOf(l)),
      (e: unknown) => {
        if (!alive) return;
        setLayout(null);
        setNotice(`Your arrangement could not be loaded, so the standard charts are shown. ${e instanceof Error ? e.message : ''}`.trim());
      },
    );
    return () => {
      alive = false;
    };
  }, [call, arrange]);

  const save = useCallback(
    async (widgets: readonly ReportName[]): Promise<boolean> => {
      if (!arrange) return false;
      const stamp = layout !== 'loading' && layout?.updated_at ? { updated_at: layout.updated_at } : {};
      try {
        setLayout(layoutOf(await call(arrange.save, { body: { widgets, ...stamp } })));
        setNotice(null);
        return true;
      } catch (e) {
        if (isApiError(e) && e.status === 409 && e.body && 'current' in e.body) {
          setLayout(layoutOf(e.body.current));
          setNotice('Your dashboard was arranged in another window meanwhile; that arrangement is shown now. Arrange it again to change it.');
          return true;
        }
        setNotice(`The arrangement could not be saved. ${e instanceof Error ? e.message : ''}`.trim());
        return false;
      }
    },
    [call, arrange, layout],
  );
  const names = layout === 'loading' ? null : (layout?.widgets ?? screen.widgets.map((w) => w.report));
  return { names, save, notice };
}

function Dashboard({ screen, query, setQuery, navigate }: ReportViewProps) {
  const interval = reportInterval(query);
  const { names, save, notice } = useLayout(screen);
  const [arranging, setArranging] = useState(false);
  const widgets = useMemo(() => (names ? layoutWidgets(screen, names) : null), [screen, names]);
  const drill = useCallback(
    (widget: ReportWidgetDef) =>
      widget.drillDown
        ? (key: string) => {
            const to = drillDownRoute(widget, key, interval);
            if (to) navigate(to);
          }
        : undefined,
    [interval, navigate],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <IntervalSelect query={query} setQuery={setQuery} />
        {screen.arrange && widgets && !arranging && (
          <Button variant="default" onClick={() => setArranging(true)}>
            Arrange
          </Button>
        )}
      </Group>
      {notice && (
        <Alert color="yellow" role="status">
          {notice}
        </Alert>
      )}
      {screen.arrange && widgets && arranging && (
        <DashboardArrange
          current={widgets}
          catalogue={screen.arrange.from}
          onCancel={() => setArranging(false)}
          onSave={async (next) => {
            if (await save(next)) setArranging(false);
          }}
        />
      )}
      {widgets && widgets.length === 0 && <Text c="dimmed">No charts on your dashboard. Arrange adds them.</Text>}
      {widgets && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {widgets.map((w) => (
            <ReportWidgetCard
              key={`${w.report}|${w.title}`}
              widget={w}
              interval={interval}
              limit={WIDGET_LIMIT}
              onDatum={drill(w)}
              datumHint="Click a datum to open the matching events."
            />
          ))}
        </SimpleGrid>
      )}
      {!widgets && <Text role="status">Loading your dashboard…</Text>}
    </Stack>
  );
}

/** The report view; see the module comment. */
export function ReportView(props: ReportViewProps) {
  return props.screen.groups ? <ReportCatalogueView {...props} /> : <Dashboard {...props} />;
}

/**
 * A report catalogue (a report screen with `groups`): the reports listed by group with a search, one of them open as
 * its chart over the interval, narrowed by the filters of its log kind, all kept in the URL (`report`, `interval`, the
 * filter parameters). A datum opens the report it drills into (spec 001 §2; threat-evasion ids split into parameter
 * and value, §5) or, without one, the matching events in the logs.
 */
import { Alert, Grid, Group, NativeSelect, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReportWidgetDef } from '../../../definitions/define';
import { REPORT_LIMIT_DEFAULT, threatEvasionDrillDown } from '../../../schemas/reports';
import type { FilterQuery, FilterSchemaEntry } from '../widgets/filter/filters';
import { LogFilterBar } from '../log/LogFilterBar';
import { useLookupLabels } from '../log/useLookupLabels';
import { drillDownRoute } from './drillDown';
import { drilledName, rememberName } from './drillNames';
import { IntervalSelect, reportInterval, type ReportQuery } from './IntervalSelect';
import { ReportWidgetCard, type ReportQueryValues } from './ReportWidgetCard';
import type { ReportViewProps } from './reportViewProps';

const first = (v: string | readonly string[] | undefined) => (typeof v === 'string' ? v : v?.[0]);

/**
 * How many entries a top-N chart shows (`top` in the URL): a readable ten by default, up to the report limit of 50.
 * Charts over time are asked for with the report limit.
 */
const TOP_CHOICES = [10, 25, REPORT_LIMIT_DEFAULT] as const;
const TOP_DEFAULT = TOP_CHOICES[0];
const TOP_CHARTS: ReadonlySet<ReportWidgetDef['chart']> = new Set(['bar', 'pie', 'gauge']);

/** The number of entries the open chart shows: the URL's `top` when it is one of the choices. */
function topOf(query: ReportQuery): number {
  const top = Number(first(query.top));
  return (TOP_CHOICES as readonly number[]).includes(top) ? top : TOP_DEFAULT;
}

/** The filter values of the query that the report takes (empty ones left out). */
function activeFilters(widget: ReportWidgetDef, query: ReportQuery): ReportQueryValues {
  const out: Record<string, string | readonly string[]> = {};
  for (const f of widget.filterBar ?? []) {
    const v = query[f.param];
    if (v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)) out[f.param] = v;
  }
  return out;
}

/** The query a click on a datum opens: the drilled report with the datum as its filter, over the same interval. */
export function drillReportQuery(widget: ReportWidgetDef, key: string, interval: string, name?: string): ReportQuery | undefined {
  const drill = widget.drillReport;
  if (!drill || key === '') return undefined;
  if (drill.param === 'threatEvasion') {
    const { param, value } = threatEvasionDrillDown(key);
    // The plus signs stand for the value's spaces (form encoding).
    const v = value.replace(/\+/g, ' ');
    if (name) rememberName(param, v, name);
    return { report: drill.report, interval, [param]: v };
  }
  if (name) rememberName(drill.param, key, name);
  return { report: drill.report, interval, [drill.param]: key };
}

export function ReportCatalogueView({ screen, query, setQuery, navigate }: ReportViewProps) {
  const interval = reportInterval(query);
  const [search, setSearch] = useState('');
  const groups = screen.groups ?? [];
  const widgetOf = (report: string) => screen.widgets.find((w) => w.report === report);
  const selected = widgetOf(first(query.report) ?? '') ?? widgetOf(groups[0]?.reports[0] ?? '') ?? screen.widgets[0]!;

  const needle = search.trim().toLowerCase();
  const shown = groups
    .map((g) => ({
      title: g.title,
      widgets: g.reports
        .flatMap((r) => widgetOf(r) ?? [])
        .filter((w) => !needle || w.title.toLowerCase().includes(needle) || g.title.toLowerCase().includes(needle)),
    }))
    .filter((g) => g.widgets.length > 0);

  const topN = TOP_CHARTS.has(selected.chart);
  const top = topOf(query);
  const filters = activeFilters(selected, query);
  // A filter value by its name: the filter's own label of it, the lookup list's name of an id (so a reloaded or shared
  // page names it too), or the name the chart showed for the datum drilled.
  const lookupNames = useLookupLabels(selected.lookups);
  const nameOf = (param: string, value: string) => lookupNames[param]?.[value] ?? drilledName(param, value) ?? value;
  const entries = useMemo<FilterSchemaEntry[]>(
    () =>
      (selected.filterBar ?? []).map((f) => ({
        key: f.param,
        label: f.label,
        options: f.options ?? lookupNames[f.param] ?? {},
        ...(f.multiple ? { multiple: true } : {}),
      })),
    [selected, lookupNames],
  );
  const requiredLabel = selected.requires ? (selected.filterBar?.find((f) => f.param === selected.requires)?.label ?? selected.requires) : undefined;
  const missing = selected.requires !== undefined && filters[selected.requires] === undefined;
  const origin = screen.widgets.find((w) => w.drillReport?.report === selected.report);
  // The value a drill-down narrowed the report to, by its name, after the chart's title.
  const f = selected.filterBar?.find((e) => e.param === selected.requires);
  const drilled = f && first(query[f.param]);
  const drillSubtitle = f && drilled ? `${f.label}: ${f.options?.[drilled] ?? nameOf(f.param, drilled)}` : undefined;

  // A report picked from the list comes into view with its title focused (the list is long on a narrow window).
  const picked = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const openRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!picked.current) return;
    picked.current = false;
    openRef.current?.scrollIntoView({ block: 'start' });
    (titleRef.current ?? openRef.current)?.focus({ preventScroll: true });
  }, [selected.report]);
  const target = selected.drillReport ? widgetOf(selected.drillReport.report) : undefined;

  const onDatum = selected.drillReport
    ? (key: string, name: string | undefined) => {
        const next = drillReportQuery(selected, key, interval, name);
        if (next) setQuery(next);
      }
    : selected.drillDown
      ? (key: string) => {
          const to = drillDownRoute(selected, key, interval);
          if (to) navigate(to);
        }
      : undefined;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Stack gap="xs" component="nav" aria-label="Reports">
          <TextInput label="Search reports" placeholder="Report or group name" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          {shown.length === 0 && <Text size="sm">No report matches “{search}”.</Text>}
          {shown.map((g) => (
            <Stack key={g.title} gap={0} role="group" aria-label={g.title}>
              <Title order={2} size="h6" c="dimmed" mt="xs" mb={2}>
                {g.title}
              </Title>
              {g.widgets.map((w) => (
                <NavLink
                  key={w.report}
                  component="button"
                  type="button"
                  label={w.title}
                  active={w.report === selected.report}
                  aria-current={w.report === selected.report ? 'page' : undefined}
                  onClick={() => {
                    picked.current = true;
                    setQuery({ report: w.report, interval, ...(query.top ? { top: query.top } : {}) });
                  }}
                  py={4}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="md" ref={openRef} tabIndex={-1} aria-label={selected.title} style={{ scrollMarginTop: 72, outline: 'none' }}>
          <Group gap="md" align="end">
            <IntervalSelect query={query} setQuery={setQuery} />
            {topN && (
              <NativeSelect
                label="Show"
                data={TOP_CHOICES.map((n) => ({ value: String(n), label: `Top ${n}` }))}
                value={String(top)}
                onChange={(e) => setQuery({ ...query, top: e.currentTarget.value })}
                w={120}
              />
            )}
          </Group>
          <LogFilterBar
            filters={entries}
            query={query as FilterQuery}
            setQuery={({ page: _page, pageSize: _size, ...q }) => setQuery(q)}
            label={`${selected.title} filters`}
            labelOf={nameOf}
          />
          {missing ? (
            <Alert color="blue" title={selected.title}>
              Choose a {requiredLabel?.toLowerCase()} in the filters to see this report
              {origin ? `, or click one in ${origin.title}` : ''}.
            </Alert>
          ) : (
            <ReportWidgetCard
              key={selected.report}
              widget={selected}
              interval={interval}
              limit={topN ? top : REPORT_LIMIT_DEFAULT}
              filters={filters}
              onDatum={onDatum}
              subtitle={drillSubtitle}
              titleRef={titleRef}
              datumHint={target ? `Click a datum to see ${target.title.toLowerCase()}.` : 'Click a datum to open the matching events.'}
            />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

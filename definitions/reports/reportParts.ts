/**
 * The charts of the report catalogue, derived from the catalogue entries of schemas/reports.ts: the chart a report
 * kind draws as, the log filter a datum drills into (the report's dimension or split), the report a datum opens
 * (DRILL_DOWNS: categories → domains, users → domains, alert types → users, evasion ids split per 001 §5) and the
 * filters of its log kind.
 */
import { LOG_FILTERS, type FilterSpec } from '../../schemas/logs';
import { DRILL_DOWNS, reportFilters, reportSpec, type ReportName, type ReportSpec } from '../../schemas/reports';
import { reportWidget } from '../api/reports';
import type { DrillDownTarget, ReportFilterDef, ReportWidgetDef } from '../define';
import { LOG_LOOKUPS, labelledFilter } from '../logs/logViewParts';

/** The filter parameter of a log kind that filters on an event field. */
function paramOf(spec: ReportSpec, field: string): string | undefined {
  const table = LOG_FILTERS[spec.logType] as Readonly<Record<string, FilterSpec>>;
  return Object.keys(table).find((param) => table[param]!.field === field);
}

/** The log filter a datum of the report drills into: the grouped or split field, or the evasion id's own. */
function logDrillDown(spec: ReportSpec): DrillDownTarget | undefined {
  if (spec.kind === 'evasion') return { logType: spec.logType, param: 'threatEvasion' } as DrillDownTarget;
  const field = spec.kind === 'top' && typeof spec.dimension === 'string' ? spec.dimension : spec.kind === 'series' ? spec.splitBy : undefined;
  const param = field && paramOf(spec, field);
  return param ? ({ logType: spec.logType, param } as DrillDownTarget) : undefined;
}

function chartOf(spec: ReportSpec): ReportWidgetDef['chart'] {
  switch (spec.kind) {
    case 'top':
    case 'evasion':
      return 'bar';
    case 'series':
      return spec.splitBy ? 'stackedBar' : 'line';
    case 'heatmap':
      return 'heatmap';
  }
}

/** The filters a report can be narrowed by: its log kind's reporting filters, labelled as in the log views. */
function filterBar(spec: ReportSpec): ReportFilterDef[] {
  return Object.entries(reportFilters(spec.logType)).map(([param, filter]) => labelledFilter(spec.logType, param, filter!));
}

/** The lookup lists that name the ids of a web report's filters (categories). */
function lookupsOf(spec: ReportSpec, filters: readonly ReportFilterDef[]): ReportWidgetDef['lookups'] {
  if (spec.logType !== 'web') return undefined;
  const named = Object.entries(LOG_LOOKUPS).filter(([param]) => filters.some((f) => f.param === param));
  return named.length > 0 ? Object.fromEntries(named) : undefined;
}

/** A chart of the catalogue for a report; `extra` overrides the derived chart kind or title. */
export function catalogueWidget(name: ReportName, extra: Partial<Pick<ReportWidgetDef, 'chart' | 'title' | 'gaugeAngle'>> = {}): ReportWidgetDef {
  const spec = reportSpec(name);
  const drillDown = logDrillDown(spec);
  const drill = DRILL_DOWNS[name];
  const filters = filterBar(spec);
  const lookups = lookupsOf(spec, filters);
  return {
    ...reportWidget(name),
    title: spec.title,
    chart: chartOf(spec),
    ...(drillDown ? { drillDown } : {}),
    ...(drill ? { drillReport: { report: drill.report, param: drill.param } } : {}),
    ...(spec.requires ? { requires: spec.requires } : {}),
    filterBar: filters,
    ...(lookups ? { lookups } : {}),
    ...extra,
  };
}

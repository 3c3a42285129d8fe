/**
 * Where a click on a chart datum leads (spec 001 §5, §7): the widget's log view, filtered by the datum's value, over
 * the dashboard's interval. A threat-evasion id names its own parameter; "safeview" is shown as "isolate".
 */
import type { ReportDef } from '../../../definitions/define';
import { ISOLATE_ALIAS } from '../../../schemas/logs';
import { threatEvasionDrillDown } from '../../../schemas/reports';

export type ReportWidget = ReportDef['widgets'][number];

/** The hash route (with query) of the log view a datum drills into; undefined when the widget has no drill-down. */
export function drillDownRoute(widget: Pick<ReportWidget, 'drillDown' | 'logRoute' | 'filters'>, value: string, interval: string): string | undefined {
  const dd = widget.drillDown;
  if (!dd || value === '') return undefined;
  const route = widget.logRoute ?? `/logs/${dd.logType}`;
  const pairs: string[] = [`interval=${encodeURIComponent(interval)}`];
  for (const [k, v] of Object.entries(widget.filters ?? {})) pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  if (dd.param === 'threatEvasion') {
    const { param, value: v } = threatEvasionDrillDown(value);
    // The plus signs stand for spaces (form encoding), so they stay unescaped.
    pairs.push(`${encodeURIComponent(param)}=${v.split('+').map(encodeURIComponent).join('+')}`);
  } else {
    const v = dd.param === 'pe_action' && value === 'safeview' ? ISOLATE_ALIAS : value;
    pairs.push(`${encodeURIComponent(dd.param)}=${encodeURIComponent(v)}`);
  }
  return `${route}?${pairs.join('&')}`;
}

/** The interval of a report screen (spec 001 §9), kept in the URL query. */
import { NativeSelect } from '@mantine/core';
import { LOG_INTERVALS } from '../../../schemas/logEnums';
import { DAY_MS } from '../../../schemas/constants';
import { GRANULARITY_MS, REPORT_INTERVAL_DEFAULT, REPORT_INTERVALS, reportSpec, type Granularity, type ReportName } from '../../../schemas/reports';
import { isTimeZone } from '../../../schemas/validators';

export type ReportQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The report interval of a URL query, or the default. */
export function reportInterval(query: ReportQuery): string {
  const raw = query.interval;
  const v = typeof raw === 'string' ? raw : raw?.[0];
  return v !== undefined && v in REPORT_INTERVALS ? v : REPORT_INTERVAL_DEFAULT;
}

/** The administrator's time zone as the browser knows it, when the server knows it too. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/**
 * What a report is asked with besides its interval so that days are calendar days in the administrator's time zone:
 * a time series over 7 or 30 days steps by the interval's day-long granularity from local midnight (without it, its
 * bars would be rolling 24-hour windows labelled by date), and a heat map's days start at local midnight too.
 */
export function calendarDays(interval: string, report: ReportName): { granularity?: Granularity; timezone?: string } {
  const { kind } = reportSpec(report);
  const timezone = browserTimeZone();
  const zone = timezone ? { timezone } : {};
  if (kind === 'heatmap') return zone;
  const step = REPORT_INTERVALS[interval as keyof typeof REPORT_INTERVALS]?.granularity;
  if (kind !== 'series' || !step || GRANULARITY_MS[step] < DAY_MS) return {};
  return { granularity: step, ...zone };
}

/** The interval picker of a report screen, bound to the URL query. */
export function IntervalSelect({ query, setQuery }: { query: ReportQuery; setQuery: (query: ReportQuery) => void }) {
  const options = Object.keys(REPORT_INTERVALS).map((n) => ({ value: n, label: LOG_INTERVALS[n as keyof typeof LOG_INTERVALS].label }));
  return (
    <NativeSelect
      label="Interval"
      data={options}
      value={reportInterval(query)}
      onChange={(e) => setQuery({ ...query, interval: e.currentTarget.value })}
      maw={240}
    />
  );
}


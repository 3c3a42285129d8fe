/** The interval of a report screen (spec 001 §9), kept in the URL query. */
import { NativeSelect } from '@mantine/core';
import { LOG_INTERVALS } from '../../../schemas/logEnums';
import { REPORT_INTERVAL_DEFAULT, REPORT_INTERVALS } from '../../../schemas/reports';

export type ReportQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The report interval of a URL query, or the default. */
export function reportInterval(query: ReportQuery): string {
  const raw = query.interval;
  const v = typeof raw === 'string' ? raw : raw?.[0];
  return v !== undefined && v in REPORT_INTERVALS ? v : REPORT_INTERVAL_DEFAULT;
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


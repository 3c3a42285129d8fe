/** The log view's interval: a named interval, or "A month" with the month's own field (`YYYY-MM`), in the URL query. */
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LOG_INTERVALS, logIntervalsFor } from '../../../schemas/logEnums';
import { effectiveInterval, INTERVAL_KEY, type LogUrlQuery } from './logController';

export const MONTH_OPTION = 'month';

export interface IntervalPickerProps {
  readonly query: LogUrlQuery;
  readonly setQuery: (query: LogUrlQuery) => void;
  readonly managementStation: boolean;
}

export function IntervalPicker({ query, setQuery, managementStation }: IntervalPickerProps) {
  const interval = effectiveInterval(query, managementStation);
  const monthly = /^\d{4}-\d{2}$/.test(interval);
  const [monthMode, setMonthMode] = useState(monthly);
  const options = [
    ...logIntervalsFor(managementStation).map((n) => ({ value: n, label: LOG_INTERVALS[n].label })),
    { value: MONTH_OPTION, label: 'A month' },
  ];
  const set = (value: string) => setQuery({ ...query, [INTERVAL_KEY]: value });
  return (
    <Group gap="xs" align="end">
      <NativeSelect
        label="Interval"
        data={options}
        value={monthly || monthMode ? MONTH_OPTION : interval}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setMonthMode(v === MONTH_OPTION);
          if (v !== MONTH_OPTION) set(v);
        }}
      />
      {(monthly || monthMode) && (
        <TextInput
          label="Month"
          type="month"
          value={monthly ? interval : ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (/^\d{4}-\d{2}$/.test(v)) set(v);
          }}
        />
      )}
    </Group>
  );
}

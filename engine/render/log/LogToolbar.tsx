/** The log view's top row: the interval, the filter bar beside it (filling the row), and Export…. */
import { Button, Group } from '@mantine/core';
import type { FilterQuery } from '../widgets/filter/filters';
import { IntervalPicker } from './IntervalPicker';
import type { LogUrlQuery } from './logController';
import { LogFilterBar, type LogFilterEntry } from './LogFilterBar';

export interface LogToolbarProps {
  readonly query: LogUrlQuery;
  readonly setQuery: (query: LogUrlQuery) => void;
  readonly managementStation: boolean;
  readonly filters: readonly LogFilterEntry[];
  /** The filter bar's name ("Web logs filters"). */
  readonly label: string;
  /** A filter's value as the screen shows it. */
  readonly labelOf: (param: string, value: string) => string;
  /** Nothing is loaded to export. */
  readonly exportDisabled: boolean;
  readonly onExport: () => void;
}

export function LogToolbar({ query, setQuery, managementStation, filters, label, labelOf, exportDisabled, onExport }: LogToolbarProps) {
  return (
    <Group align="end" justify="space-between" wrap="nowrap" gap="sm">
      <IntervalPicker query={query} setQuery={setQuery} managementStation={managementStation} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <LogFilterBar filters={filters} query={query as FilterQuery} setQuery={(q) => setQuery(q)} label={label} labelOf={labelOf} />
      </div>
      <Button variant="default" disabled={exportDisabled} onClick={onExport}>
        Export…
      </Button>
    </Group>
  );
}

/**
 * A log view (spec 000 §2 logs, §4 log loading, §5 filters, §8, §9): the filter bar and the interval bound to the URL
 * query, a virtualised table of the loaded events that loads the next page as the admin scrolls to its end, an event
 * drawer with the enumerations' labels, CSV and JSON export of what is loaded, and the load error in the view.
 * `useLogViewState` wires the store and the query; `LogToolbar`, `LogEventsTable`, `EventDrawer` and
 * `LogExportDialog` show them.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import '../widgets/table/table.css';
import './log.css';
import { EventDrawer } from './EventDrawer';
import { withChoice, type FilterChoice } from './filterByValue';
import type { LogUrlQuery } from './logController';
import type { CellMenu } from './LogEventRow';
import { LogEventsTable } from './LogEventsTable';
import { LogExportDialog } from './LogExportDialog';
import { LogToolbar } from './LogToolbar';
import { useLogViewState, type FilterByValue, type LogEvent } from './useLogViewState';
import type { ScreenLookup } from '../publish/revisionDiff';

export { MONTH_OPTION } from './IntervalPicker';
export { LOAD_AHEAD_ROWS, VIRTUALISE_ABOVE } from './useEventRows';

export interface LogViewProps {
  readonly screen: LogViewDef;
  /** The URL query of the route. */
  readonly query: LogUrlQuery;
  /** Writes the URL query (the caller binds it to the router). */
  readonly setQuery: (query: LogUrlQuery) => void;
  readonly onPrem: boolean;
  readonly managementStation: boolean;
  /** Titles of screens by id, for the definition's `screenFields`. */
  readonly screens?: ScreenLookup;
}

/** The log view; see the module comment. */
export function LogView({ screen, query, setQuery, onPrem, managementStation, screens }: LogViewProps) {
  const { controller, fetchers, state, filters, labels, allColumns, exportFields, filterLabel } = useLogViewState(screen, query, onPrem, managementStation, screens);
  const [exporting, setExporting] = useState(false);
  // The table cell whose "Filter by this value" menu is open.
  const [cellMenu, setCellMenu] = useState<CellMenu | null>(null);
  const [open, setOpen] = useState<LogEvent | null>(null);

  const pick = (c: FilterChoice, exclude: boolean) => {
    setOpen(null);
    setCellMenu(null);
    setQuery(withChoice(query, c, exclude));
  };
  const filterBy: FilterByValue = {
    labelOf: (c) => filterLabel(c.param, c.value),
    onPick: (c) => pick(c, false),
    onExclude: (c) => pick(c, true),
  };

  return (
    <Stack gap="sm">
      <LogToolbar
        query={query}
        setQuery={setQuery}
        managementStation={managementStation}
        filters={filters}
        label={`${screen.title} filters`}
        labelOf={filterLabel}
        exportDisabled={state.events.length === 0}
        onExport={() => setExporting(true)}
      />
      {state.error !== null && (
        <Alert color="red" role="alert" title="The events could not be loaded">
          <Stack gap="xs" align="start">
            <Text size="sm">{state.error}</Text>
            <Button size="xs" variant="light" onClick={() => controller.reload()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      <LogEventsTable
        screen={screen}
        state={state}
        controller={controller}
        allColumns={allColumns}
        labels={labels}
        cellMenu={cellMenu}
        setCellMenu={setCellMenu}
        onOpen={setOpen}
        filterBy={filterBy}
      />
      <EventDrawer screen={screen} event={open} lookups={labels} screens={screens} onClose={() => setOpen(null)} filter={filterBy} />
      <LogExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        fetchers={fetchers}
        request={controller.request}
        fields={exportFields}
        fileName={`${screen.logType}-logs`}
      />
    </Stack>
  );
}

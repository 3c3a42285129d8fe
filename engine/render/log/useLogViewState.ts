/**
 * The wiring of a log view: the controller (the store of loaded pages, spec 000 §4) over the view's own operations,
 * fed the URL query; the filter bar's entries; the labels of values (lookup lists, screens' titles); the columns;
 * any field's text as the screen shows it; and the export's fields.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import { LOG_FILTERS, excludeParam, excludedParam, type FilterSpec } from '../../../schemas/logs';
import { eventChangesText } from '../changes/EventChanges';
import type { ScreenLookup } from '../publish/revisionDiff';
import { useCall } from '../shell/EngineContext';
import type { FilterSchemaEntry } from '../widgets/filter/filters';
import { normaliseColumns, type NormalisedColumn } from '../widgets/table/columns';
import { createLogController, type LogFetchers, type LogPage, type LogUrlQuery } from './logController';
import type { FilterChoice } from './filterByValue';
import type { ExportFields } from './logExport';
import type { LogFilterEntry } from './LogFilterBar';
import { cellText } from './logFormat';
import { useLookupLabels, type FieldLabels } from './useLookupLabels';

export type LogEvent = Readonly<Record<string, unknown>>;
export type LogColumn = NormalisedColumn<LogEvent>;

/** "Filter by this value" and "Exclude this value": a value's text, and what picking either does. */
export interface FilterByValue {
  readonly labelOf: (choice: FilterChoice) => string;
  readonly onPick: (choice: FilterChoice) => void;
  readonly onExclude: (choice: FilterChoice) => void;
}

// Every kind's events are records; the view reads them by the definition's field names.
const asPage = (answer: Promise<unknown>) => answer as Promise<LogPage<LogEvent>>;

function useLogController(screen: LogViewDef, onPrem: boolean, managementStation: boolean) {
  const call = useCall();
  return useMemo(() => {
    const fetchers: LogFetchers<LogEvent> = {
      first: (query) => asPage(call(screen.operations.query, { query })),
      next: (query, pagingIdentifiers) =>
        asPage(call(screen.operations.next, { query, body: { pagingIdentifiers } })),
    };
    const controller = createLogController<LogEvent>({
      fetchers,
      filterParams: screen.filters.map((f) => f.param),
      managementStation,
      onPrem,
    });
    return { controller, fetchers };
  }, [call, screen, onPrem, managementStation]);
}

/** The filter bar's entries: each filter of the definition, and its exclusion ("Exclude this value") beside it. */
function filterEntries(filters: LogViewDef['filters'], lookups: FieldLabels): LogFilterEntry[] {
  return filters.flatMap((f) => {
    // A filter over ids of a lookup list offers the names to choose from.
    const options = f.options ?? lookups[f.param];
    const entry: FilterSchemaEntry = {
      key: f.param,
      label: f.label,
      options: options ?? {},
      ...(f.multiple || (!f.options && options) ? { multiple: true } : {}),
      ...(!f.options && options ? { sortable: true } : {}),
      ...(options ? {} : { searchPlaceholder: f.label }),
    };
    // Its exclusion ("Exclude this value"), a chip of its own beside it.
    const label = `${f.label} is not`;
    return [entry, { ...entry, key: excludeParam(f.param), label, exclude: true, ...(options ? {} : { searchPlaceholder: label }) }];
  });
}

/** The event field of a filter parameter, or of the filter an exclusion (not_<param>) excludes by. */
function filterParamField(screen: LogViewDef, param: string): string {
  const own = excludedParam(param) ?? param;
  return (LOG_FILTERS[screen.logType] as Readonly<Record<string, FilterSpec>>)[own]?.field ?? own;
}

/** See the module comment. */
export function useLogViewState(screen: LogViewDef, query: LogUrlQuery, onPrem: boolean, managementStation: boolean, screens?: ScreenLookup) {
  const { controller, fetchers } = useLogController(screen, onPrem, managementStation);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  useEffect(() => controller.setQuery(query), [controller, query]);
  const lookups = useLookupLabels(screen.lookups);
  const filters = useMemo(() => filterEntries(screen.filters, lookups), [screen.filters, lookups]);

  const { events } = state;
  // Screen ids (the area a save changed) as the screens' titles, for the values loaded so far.
  const labels = useMemo(() => {
    if (!screens || !screen.screenFields?.length) return lookups;
    const titles: Record<string, Record<string, string>> = {};
    for (const field of screen.screenFields as readonly string[]) {
      const ids = new Set(events.flatMap((e) => (typeof e[field] === 'string' ? [e[field]] : [])));
      titles[field] = Object.fromEntries([...ids].map((id) => [id, screens(id)?.title ?? id]));
    }
    return { ...lookups, ...titles };
  }, [screens, screen.screenFields, events, lookups]);
  const allColumns = useMemo(() => normaliseColumns<LogEvent>(screen.columns), [screen.columns]);

  // Any field's value as the screen shows it.
  const valueText = (field: string, value: unknown) => {
    const changes = eventChangesText(value);
    if (changes !== undefined) return changes;
    const column = allColumns.find((c) => c.field === field);
    return cellText(field, value, labels[field] ?? column?.labels ?? screen.fieldLabels?.[field]);
  };
  const exportFields: ExportFields = {
    fields: [...new Set([...allColumns.map((c) => c.field), ...Object.keys(screen.fieldTitles ?? {})])],
    title: (field) => allColumns.find((c) => c.field === field)?.label ?? screen.fieldTitles?.[field] ?? field,
    text: valueText,
  };
  return {
    controller,
    fetchers,
    state,
    filters,
    labels,
    allColumns,
    exportFields,
    /** A filter's value as the screen shows it (by the event field the filter, or its exclusion, reads). */
    filterLabel: (param: string, value: unknown) => valueText(filterParamField(screen, param), value),
  };
}

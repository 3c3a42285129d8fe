/**
 * The parts every log view derives from its event schema and filter table (schemas/logs.ts): value labels read from
 * the enumerations' `x-enum-labels`, filters with their labelled options, and the default filters of the redirect.
 */
import type { z } from 'zod';
import { DEFAULT_LOG_INTERVAL, WEB_ACTION_LABELS, type Colour } from '../../schemas/logEnums';
import { ISOLATE_ALIAS, LOG_EVENT_SCHEMAS, LOG_FILTERS, type FilterSpec, type LogEventOf, type LogType } from '../../schemas/logs';
import { categoryListOps, logKindOps, logOps } from '../api/logs';
import { eventDownload, type EventDownload, type LogField, type LogFilterParam, type LogViewDef, type LogViewOf } from '../define';

type Labels = Readonly<Record<string, string>>;

/** The value labels of a field, looking through optional and array wrappers. */
function enumLabels(schema: z.ZodType): Labels | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 4; depth++) {
    const labels = current.meta()?.['x-enum-labels'] ?? current.meta()?.['x-labels'];
    if (labels && typeof labels === 'object') return labels as Labels;
    const def = current.def as { innerType?: z.ZodType; element?: z.ZodType };
    current = def.innerType ?? def.element;
  }
  return undefined;
}

/** Value labels of every enumerated field of a log kind's events. */
export function eventFieldLabels(type: LogType): Record<string, Labels> {
  const out: Record<string, Labels> = {};
  for (const [field, schema] of Object.entries(LOG_EVENT_SCHEMAS[type].shape)) {
    const labels = enumLabels(schema as z.ZodType);
    if (labels) out[field] = labels;
  }
  return out;
}

/** Event field titles (`.meta({ title })`). */
export function eventFieldTitles(type: LogType): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, schema] of Object.entries(LOG_EVENT_SCHEMAS[type].shape)) {
    const title = (schema as z.ZodType).meta()?.title;
    out[field] = typeof title === 'string' ? title : field;
  }
  return out;
}

/** Lookup lists of event fields that hold ids (the category-list operations), for the views whose events have them. */
export const LOG_LOOKUPS = { cats: categoryListOps.cats_v2, webroot_cats: categoryListOps.webroot_cats } as const satisfies LogViewDef['lookups'];

/** The column format an event field's values read as, for its width: a time, a label, or (by default) text. */
function columnFormat(field: string, labelled: boolean): LogViewDef['columns'][number]['format'] {
  if (field === 'timestamp') return 'datetime';
  return labelled || field === 'country' ? 'enumLabel' : undefined;
}

/** Badge colours of a log kind's enumerated fields: for a field, a colour for every value of its enumeration. */
export type LogColours<T extends LogType> = {
  readonly [F in keyof LogEventOf<T> & string]?: Readonly<Record<Extract<LogEventOf<T>[F], string>, Colour>>;
};

/**
 * Columns of a log view: the named event fields with their titles, value labels and width by what they hold; the
 * `secondary` ones make room for the others by default where the table is narrow (the column chooser shows them);
 * a field given `colours` shows its values as badges in them (`{ action: FIREWALL_ACTION_COLOURS }`).
 */
export function logColumns<T extends LogType>(
  type: T,
  fields: readonly LogField<T>[],
  secondary: readonly LogField<T>[] = [],
  colours: LogColours<T> = {},
): LogViewOf<T>['columns'] {
  const titles = eventFieldTitles(type);
  const labels = eventFieldLabels(type);
  const colourOf: Readonly<Record<string, Readonly<Record<string, Colour>> | undefined>> = colours;
  return fields.map((field) => {
    const format = columnFormat(field, labels[field] !== undefined);
    return {
      field,
      label: titles[field] ?? field,
      ...(format ? { format } : {}),
      ...(labels[field] ? { labels: labels[field] } : {}),
      ...(colourOf[field] ? { colors: colourOf[field] } : {}),
      ...(secondary.includes(field) ? { secondary: true } : {}),
    };
  });
}

/** A filter of a log kind's table as a filter bar shows it: its label and, when it has fixed values, their labels. */
export function labelledFilter(type: LogType, param: string, spec: FilterSpec): { param: string; label: string; options?: Labels; multiple?: true } {
  const fieldLabels: Labels = { ...(eventFieldLabels(type)[spec.field] ?? {}), ...(param === 'pe_action' ? { [ISOLATE_ALIAS]: WEB_ACTION_LABELS.safeview } : {}) };
  // Isolation is offered once, by the UI's name; "isolate" is sent as "safeview".
  const values = spec.values?.filter((v) => !(param === 'pe_action' && v === 'safeview'));
  const options = values
    ? Object.fromEntries(values.map((v) => [v, spec.kind === 'bool' ? (v === 'true' ? 'Yes' : 'No') : (fieldLabels[v] ?? v)]))
    : undefined;
  return { param, label: spec.label, ...(options ? { options, multiple: true as const } : {}) };
}

/** Filters of a log view: the named parameters of the kind's filter table, options labelled from the enumerations. */
export function logFilters<T extends LogType>(type: T, params: readonly LogFilterParam<T>[]): LogViewOf<T>['filters'] {
  const table = LOG_FILTERS[type] as Readonly<Record<string, FilterSpec>>;
  return params.map((param) => {
    const spec = table[param];
    if (!spec) throw new Error(`No filter ${param} for ${type} logs`);
    return { ...labelledFilter(type, param, spec), param };
  });
}

/** What binds a log view to its kind: the log type, its operations, and their read rule as the view's. */
export const logKind = <T extends LogType>(type: T) => {
  const operations = logKindOps[type];
  return { logType: type, operations, read: operations.query.access } as const;
};

/** Filters of the logs redirect: the default interval. */
export const LOG_DEFAULT_FILTERS = { interval: DEFAULT_LOG_INTERVAL } as const;

/**
 * The sandbox report of a file an event carries (web and email events with a sandbox verdict): offered in the event
 * drawer when the event says a report is available and names the file's SHA-256 and report id.
 */
export const sandboxReportDownload = <T extends 'web' | 'email'>(logType: T): EventDownload =>
  eventDownload(logOps.sandboxReport, logType, {
    id: 'sandbox-report',
    label: 'Download the sandbox report',
    params: (e) => (e.sandbox && e.sha256 && e.file_id ? { sha256: e.sha256, file_id: e.file_id } : undefined),
    download: { file: true, fileName: (e) => `sandbox-report-${e.file_name ?? e.sha256 ?? 'file'}.json` },
  });

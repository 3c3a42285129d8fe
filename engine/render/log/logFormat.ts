/** How log values read on screen: enumeration labels, lists, yes/no, times in the reader's locale. */
import type { LogViewDef } from '../../../definitions/define';
import { formatBytes } from '../../../schemas/format';
import { countryName } from '../../../schemas/logEnums';

type Labels = Readonly<Record<string, string>> | undefined;

const BYTE_FIELDS = new Set(['bytes', 'size', 'file_size']);

/** One value as text: labelled when the field's enumeration knows it; lists joined with commas. */
export function cellText(field: string, value: unknown, labels: Labels): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => cellText(field, v, labels)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'timestamp') {
    const d = new Date(String(value));
    return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
  }
  if (BYTE_FIELDS.has(field) && typeof value === 'number') return formatBytes(value);
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'country' && !labels) return countryName(text);
  return labels?.[text] ?? text;
}

/**
 * The rows of the event drawer: the view's columns first, then every other field of the event; `lookups` names ids
 * of lookup lists by field.
 */
export function eventRows(
  screen: LogViewDef,
  event: Readonly<Record<string, unknown>>,
  lookups: Readonly<Record<string, Labels>> = {},
): { field: string; title: string; text: string }[] {
  const columnFields: readonly string[] = screen.columns.map((c) => c.field);
  const fields = [...columnFields, ...Object.keys(event).filter((f) => !columnFields.includes(f))];
  return fields
    .filter((f) => event[f] !== undefined)
    .map((field) => {
      const column = screen.columns.find((c) => c.field === field);
      return {
        field,
        title: column?.label ?? screen.fieldTitles?.[field] ?? field,
        text: cellText(field, event[field], lookups[field] ?? column?.labels ?? screen.fieldLabels?.[field]),
      };
    });
}

/** A value as one cell of a CSV export: lists joined with |, records (a list of changes too) as JSON. */
export function exportCell(value: unknown): unknown {
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object' || v === null) ? value.join('|') : JSON.stringify(value);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

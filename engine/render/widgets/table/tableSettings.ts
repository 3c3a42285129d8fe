/**
 * What an administrator chose for one table: hidden columns and row density. Kept per table in local storage (the
 * key names the table), so the choice survives reloads; anything unreadable falls back to the defaults.
 */

export type Density = 'comfortable' | 'compact';

export interface TableSettings {
  readonly hidden: readonly string[];
  readonly density: Density;
}

export const DEFAULT_TABLE_SETTINGS: TableSettings = { hidden: [], density: 'comfortable' };

/** Vertical cell padding per density, in px: rows of text are about 42 px (comfortable) or 34 px (compact). */
export const DENSITY_PADDING: Readonly<Record<Density, number>> = { comfortable: 6, compact: 2 };

export const DENSITY_LABELS: Readonly<Record<Density, string>> = { comfortable: 'Comfortable', compact: 'Compact' };

/** The local storage key of a table's settings. */
export const settingsStorageKey = (table: string): string => `portal.table.${table}`;

/** Stored text → settings; unknown or malformed parts are dropped. */
export function parseSettings(text: string | null): TableSettings {
  if (!text) return DEFAULT_TABLE_SETTINGS;
  try {
    const raw = JSON.parse(text) as Partial<Record<keyof TableSettings, unknown>>;
    const hidden = Array.isArray(raw.hidden) ? raw.hidden.filter((f): f is string => typeof f === 'string') : [];
    const density = raw.density === 'compact' ? 'compact' : 'comfortable';
    return { hidden, density };
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
}

/** Shows or hides one column; the last visible column cannot be hidden. */
export function toggleColumn(settings: TableSettings, field: string, fields: readonly string[]): TableSettings {
  if (settings.hidden.includes(field)) return { ...settings, hidden: settings.hidden.filter((f) => f !== field) };
  const visible = fields.filter((f) => !settings.hidden.includes(f));
  if (visible.length <= 1 || !visible.includes(field)) return settings;
  return { ...settings, hidden: [...settings.hidden, field] };
}

import { useCallback, useMemo, useState } from 'react';
import { parseSettings, settingsStorageKey, DEFAULT_TABLE_SETTINGS, type TableSettings } from './tableSettings';

const NONE: readonly string[] = [];

/** The stored settings of a table, or undefined when none were chosen (or the storage cannot be read). */
function read(key: string | undefined): TableSettings | undefined {
  if (key === undefined) return undefined;
  try {
    const text = globalThis.localStorage?.getItem(settingsStorageKey(key)) ?? null;
    return text === null ? undefined : parseSettings(text);
  } catch {
    return undefined;
  }
}

/**
 * A table's settings, persisted in local storage under `key` (kept in memory only when there is no key or the
 * storage refuses, e.g. in a private window with storage disabled). Until a choice is made they are the defaults,
 * with `defaultHidden` columns hidden (secondary columns of a narrow table); the first choice stores them whole.
 */
export function useTableSettings(key: string | undefined, defaultHidden: readonly string[] = NONE): [TableSettings, (next: TableSettings) => void] {
  const [state, setState] = useState(() => ({ key, settings: read(key) }));
  // Another table mounted in the same place: read its own settings.
  const stored = state.key === key ? state.settings : read(key);
  if (state.key !== key) setState({ key, settings: stored });
  const hiddenKey = defaultHidden.join('\n');
  // The same defaults stay the same object, so what depends on them is not recomputed on every render.
  const defaults = useMemo(
    () => (hiddenKey === '' ? DEFAULT_TABLE_SETTINGS : { ...DEFAULT_TABLE_SETTINGS, hidden: hiddenKey.split('\n') }),
    [hiddenKey],
  );
  const current = stored ?? defaults;
  const update = useCallback(
    (next: TableSettings) => {
      setState({ key, settings: next });
      if (key === undefined) return;
      try {
        globalThis.localStorage?.setItem(settingsStorageKey(key), JSON.stringify(next));
      } catch {
        // Storage full or disabled: the choice lasts for this visit.
      }
    },
    [key],
  );
  return [current, update];
}

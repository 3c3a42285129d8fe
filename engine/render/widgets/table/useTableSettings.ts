import { useCallback, useState } from 'react';
import { parseSettings, settingsStorageKey, DEFAULT_TABLE_SETTINGS, type TableSettings } from './tableSettings';

function read(key: string | undefined): TableSettings {
  if (key === undefined) return DEFAULT_TABLE_SETTINGS;
  try {
    return parseSettings(globalThis.localStorage?.getItem(settingsStorageKey(key)) ?? null);
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
}

/**
 * A table's settings, persisted in local storage under `key` (kept in memory only when there is no key or the
 * storage refuses, e.g. in a private window with storage disabled).
 */
export function useTableSettings(key: string | undefined): [TableSettings, (next: TableSettings) => void] {
  const [state, setState] = useState(() => ({ key, settings: read(key) }));
  // Another table mounted in the same place: read its own settings.
  const current = state.key === key ? state.settings : read(key);
  if (state.key !== key) setState({ key, settings: current });
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

/**
 * The change presenter's options for a document screen: its data (changeData.ts) with names for the ids its
 * `optionsFrom` fields hold, loaded as the screen's own tables and selects load them.
 */
import { useMemo } from 'react';
import type { DocumentScreen } from '../../../definitions/define';
import { changeDataOf, nameSourcesOf } from './changeData';
import { changeOptionsFrom, describeChanges, type Change, type ChangeOptions } from '../../core/changes';
import { useOptionsFromFields } from '../form/optionSources';
import type { SelectOption } from '../form/schemaFields';

/** The presenter's options for a screen, with the loaded choices of its `optionsFrom` fields as names. */
export function changeOptionsOf(screen: DocumentScreen, names: ReadonlyMap<string, readonly SelectOption[]> = new Map()): ChangeOptions {
  const byValue = new Map([...names].map(([path, options]) => [path, new Map(options.map((o) => [o.value, o.label]))]));
  return changeOptionsFrom(changeDataOf(screen), (path, value) => byValue.get(path)?.get(value));
}

/** The presenter's options for a screen, names of referenced ids included once their sources have loaded. */
export function useChangeOptions(screen: DocumentScreen | undefined): ChangeOptions | undefined {
  const sources = useMemo(() => (screen ? nameSourcesOf(screen) : {}), [screen]);
  const names = useOptionsFromFields(sources);
  return useMemo(() => (screen ? changeOptionsOf(screen, names) : undefined), [screen, names]);
}

/** The changes from `before` to `after` of a screen's document, in its words. */
export function useScreenChanges(screen: DocumentScreen | undefined, before: unknown, after: unknown): readonly Change[] {
  const options = useChangeOptions(screen);
  return useMemo(() => describeChanges(screen?.schema, before, after, options), [screen, before, after, options]);
}

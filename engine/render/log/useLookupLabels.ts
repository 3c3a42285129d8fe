import { useEffect, useState } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import { recordOf } from '../../core/call';
import { useCall } from '../shell/EngineContext';

type Labels = Readonly<Record<string, string>>;
export type FieldLabels = Readonly<Record<string, Labels>>;

const NONE: FieldLabels = {};

/**
 * Id → name per event field, from the lookup lists the definition names (`lookups`). Each list is asked for once
 * per page load and shared by every log view; until it arrives (or if it fails) the ids show as they are.
 */
export function useLookupLabels(lookups: LogViewDef['lookups']): FieldLabels {
  const call = useCall();
  const [labels, setLabels] = useState<FieldLabels>(NONE);
  useEffect(() => {
    if (!lookups) return;
    let live = true;
    const entries = Object.entries(lookups);
    void Promise.all(
      entries.map(([field, op]) =>
        listOf(op.id, () => call(op)).then(
          (list) => [field, list] as const,
          () => [field, undefined] as const,
        ),
      ),
    ).then((lists) => {
      if (!live) return;
      setLabels(Object.fromEntries(lists.flatMap(([field, list]) => (list ? [[field, list]] : []))));
    });
    return () => {
      live = false;
    };
  }, [call, lookups]);
  return labels;
}

/** By operation id. */
const lists = new Map<string, Promise<Labels>>();

function listOf(opId: string, fetch: () => Promise<unknown>): Promise<Labels> {
  let list = lists.get(opId);
  if (!list) {
    list = fetch().then((answer) => {
      const { categories } = recordOf(answer);
      return Object.fromEntries((Array.isArray(categories) ? categories : []).map(recordOf).map((c) => [String(c.value), String(c.label)]));
    });
    // A failed answer is not kept: the next view asks again.
    list.catch(() => lists.delete(opId));
    lists.set(opId, list);
  }
  return list;
}

/**
 * Above a collection's table: the choice of its scope (the item of another list its calls are about, e.g. a tenant)
 * and its filters (query parameters of its list operation: a text search, a choice of an enumeration). Both live in
 * the route's query, so a link or a reload keeps them; the last scope chosen is remembered for the tab, so moving
 * between the screens of one scope keeps it.
 */
import { Alert, Group, Loader, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { ChoicesFrom, CollectionDef } from '../../../definitions/define';
import type { LogUrlQuery } from '../log/logController';
import { choiceEntries, choiceEntry } from '../form/choiceEntry';
import { fieldsOf } from '../form/schemaFields';
import { useCall } from '../shell/EngineContext';
import { reasonOf, type CollectionContext } from './useCollectionController';
import { recordOf } from '../../core/call';

/** How long typing in a search field waits before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

const rememberedKey = (param: string) => `collection-scope:${param}`;
const remembered = (param: string): string | undefined => {
  try {
    return sessionStorage.getItem(rememberedKey(param)) ?? undefined;
  } catch {
    return undefined;
  }
};
const remember = (param: string, value: string) => {
  try {
    sessionStorage.setItem(rememberedKey(param), value);
  } catch {
    // Storage refused (private mode): the scope is only in the route.
  }
};

const text = (v: LogUrlQuery[string]) => (typeof v === 'string' ? v : undefined);

/** The scope and filters a collection's calls are made with, from the route's query (or the remembered scope). */
export function useCollectionContext(screen: CollectionDef, query: LogUrlQuery): CollectionContext {
  const param = screen.scope?.param;
  const fromRoute = param ? text(query[param]) : undefined;
  const scopeValue = fromRoute ?? (param ? remembered(param) : undefined);
  useEffect(() => {
    // A scope arriving with a link is the one the next screen of that scope starts with.
    if (param && fromRoute) remember(param, fromRoute);
  }, [param, fromRoute]);
  const filterValues = (screen.filters ?? []).map((f) => text(query[f])?.trim() ?? '');
  const filterKey = filterValues.join('\u0000');
  // Its own memo: a search typed changes the filters, not the scope, and what starts from the scope (the screen's form)
  // must not start again (a form reset under the administrator's hands sends its first choice).
  const scope = useMemo(() => (param && scopeValue ? { [param]: scopeValue } : {}), [param, scopeValue]);
  return useMemo(
    () => ({
      scope,
      filters: Object.fromEntries((screen.filters ?? []).map((f, i) => [f, filterValues[i]!]).filter(([, v]) => v !== '')),
    }),
    // filterValues is a new array each render; its joined text says whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scope, filterKey, screen.filters],
  );
}

function SearchFilter({ label, placeholder, value, onChange }: { label: string; placeholder?: string; value: string; onChange: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  const send = useDebouncedCallback(onChange, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      value={draft}
      onChange={(e) => {
        setDraft(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      w={260}
    />
  );
}

/** A filter whose values are another operation's answer (e.g. the deployments), chosen by their labels. */
function ChoiceFilter({ label, from, value, onChange }: { label: string; from: ChoicesFrom; value: string | undefined; onChange: (v: string | null) => void }) {
  const call = useCall();
  const answer = useQuery({
    queryKey: ['collection-filter', from.operation.id],
    queryFn: ({ signal }) => call(from.operation, from.params ? { params: from.params } : {}, { signal }).then(recordOf),
  });
  const data = choiceEntries(answer.data, from.list).map((e) => choiceEntry(from, e));
  // A value from a link that the list does not (yet) offer is still shown, so the filter in force is never hidden.
  if (value && !data.some((d) => d.value === value)) data.push({ value, label: value });
  return (
    <Select
      label={label}
      data={data}
      value={value ?? null}
      onChange={onChange}
      placeholder={answer.isError ? 'Could not be loaded' : 'Any'}
      error={answer.isError ? reasonOf(answer.error) : undefined}
      searchable
      clearable
      nothingFoundMessage="Nothing found"
      w={220}
    />
  );
}

export interface CollectionFiltersProps {
  readonly screen: CollectionDef;
  readonly context: CollectionContext;
  readonly query: LogUrlQuery;
  readonly setQuery: (query: LogUrlQuery) => void;
}

/** The items a collection's scope is chosen from (one query, shared by the choice and the screen's empty state). */
export function useScopeChoices(screen: CollectionDef) {
  const call = useCall();
  const scope = screen.scope;
  return useQuery({
    queryKey: ['collection-scope', scope?.choices.operation.id],
    enabled: scope !== undefined,
    queryFn: ({ signal }) => call(scope!.choices.operation, {}, { signal }).then(recordOf),
  });
}

/** The number of items the scope can be chosen from, once known. */
export function scopeChoiceCount(screen: CollectionDef, data: Record<string, unknown> | undefined): number | undefined {
  const list = screen.scope && data?.[screen.scope.choices.list];
  return Array.isArray(list) ? list.length : undefined;
}

export function CollectionFilters({ screen, context, query, setQuery }: CollectionFiltersProps) {
  const scope = screen.scope;
  const choices = useScopeChoices(screen);
  const filterFields = useMemo(() => {
    const schema = screen.operations.list?.query as z.ZodObject | undefined;
    if (!schema) return [];
    return fieldsOf(schema)
      .filter((f) => screen.filters?.includes(f.name))
      .map((f) => {
        // What the call takes when the filter is not set (e.g. the last 7 days): shown as chosen, not as "Any".
        const absent = (schema.shape as Record<string, z.ZodType>)[f.name]?.safeParse(undefined);
        const fallback = absent?.success && absent.data !== undefined && absent.data !== null && absent.data !== '' ? String(absent.data) : undefined;
        return { ...f, fallback };
      });
  }, [screen]);
  if (!scope && filterFields.length === 0) return null;

  const set = (name: string, value: string | null) => setQuery({ ...query, [name]: value ?? undefined });
  const scopeOptions = scope
    ? choiceEntries(choices.data, scope.choices.list).map((e) => choiceEntry(scope.choices, e))
    : [];
  return (
    <Group gap="sm" align="flex-end">
      {scope &&
        (choices.isError ? (
          <Alert color="red" role="alert" title={`The list of ${scope.label.toLowerCase()}s could not be loaded`}>
            {reasonOf(choices.error)}
          </Alert>
        ) : choices.data ? (
          <Select
            label={scope.label}
            data={scopeOptions}
            value={context.scope[scope.param] ?? null}
            onChange={(v) => {
              if (!v) return;
              remember(scope.param, v);
              set(scope.param, v);
            }}
            searchable
            // The label names what to choose; the screen below says why (see CollectionView).
            placeholder="Search by name"
            nothingFoundMessage="Nothing found"
            allowDeselect={false}
            w={320}
          />
        ) : (
          <Loader size="sm" role="status" aria-label={`Loading the ${scope.label.toLowerCase()}s`} />
        ))}
      {filterFields.map((f) => {
        const from = screen.filterChoices?.[f.name];
        if (from) return <ChoiceFilter key={f.name} label={f.label} from={from} value={context.filters[f.name]} onChange={(v) => set(f.name, v)} />;
        return f.options.length > 0 ? (
          <Select
            key={f.name}
            label={f.label}
            data={f.options.map((o) => ({ value: String(o.value), label: o.label }))}
            value={context.filters[f.name] ?? f.fallback ?? null}
            onChange={(v) => set(f.name, v)}
            placeholder="Any"
            clearable={f.fallback === undefined}
            w={180}
          />
        ) : (
          <SearchFilter key={f.name} label={f.label} placeholder={f.description} value={context.filters[f.name] ?? ''} onChange={(v) => set(f.name, v)} />
        );
      })}
    </Group>
  );
}

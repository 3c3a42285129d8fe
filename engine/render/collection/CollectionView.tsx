/**
 * CollectionView: the body of a collection screen. Items come from the definition's list operation and show in the
 * data table (sortable, selectable for a batch delete with the deletion warning of spec 002 §8; enumerations by their
 * labels, as a coloured badge when the column gives colours); writers create an item with a form over
 * `createSchema`, run the row actions (a call, a small form in a dialog, a job followed until it ends) and submit the
 * screen's form, and edit an item's `schemaField` with the JSON-schema form, whose schema the `itemSchemaFrom`
 * operation answers for that item. Readers see the same forms, disabled. A collection without a list is its form.
 * A `summary` line from a second call heads the table and loads on its own.
 * `useCollectionController` makes the calls, `useCollectionViewState` keeps the selection and the open dialog;
 * `CollectionItems` (with `CollectionToolbar`) and `CollectionDialogs` show them.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { CollectionDef } from '../../../definitions/define';
import { useEngine, useStore } from '../shell/EngineContext';
import type { LogUrlQuery } from '../log/logController';
import { EmptyResult } from '../widgets/EmptyResult';
import { ActionForm } from './ActionForm';
import { CollectionDialogs } from './CollectionDialogs';
import { CollectionFilters, scopeChoiceCount, useCollectionContext, useScopeChoices } from './CollectionFilters';
import { CollectionItems } from './CollectionItems';
import { CollectionSummaryLine } from './CollectionSummaryLine';
import { reasonOf, useCollectionController } from './useCollectionController';
import { useCollectionViewState } from './useCollectionViewState';

export interface CollectionViewProps {
  readonly screen: CollectionDef;
  /** The route's query (scope and filters) and how to change it; without them the view keeps its own. */
  readonly query?: LogUrlQuery;
  readonly setQuery?: (query: LogUrlQuery) => void;
}

/** What a scoped screen shows before its scope is chosen: why it is empty, and what to do (or that nothing can be chosen yet). */
function ScopeMissing({ screen }: { screen: CollectionDef }) {
  const label = screen.scope!.label.toLowerCase();
  const count = scopeChoiceCount(screen, useScopeChoices(screen).data);
  if (count === undefined) return null;
  return count === 0 ? (
    <EmptyResult title={`No ${label} yet`} message={`This page shows what belongs to a ${label}; there is none yet.`} />
  ) : (
    <EmptyResult title={`No ${label} chosen`} message={`This page shows one ${label} at a time: pick it in the list above.`} />
  );
}

export function CollectionView({ screen, query: routeQuery, setQuery: setRouteQuery }: CollectionViewProps) {
  const { access } = useEngine();
  // Subscribed: access narrowed while the screen is open takes its controls away.
  useStore(access);
  const readOnly = !access.canWrite(screen);
  const [ownQuery, setOwnQuery] = useState<LogUrlQuery>({});
  const query = routeQuery ?? ownQuery;
  const setQuery = setRouteQuery ?? setOwnQuery;
  const context = useCollectionContext(screen, query);
  const ctl = useCollectionController(screen, context);
  const box = useRef<HTMLDivElement>(null);
  const view = useCollectionViewState(screen, readOnly, context, ctl, box);
  const { list } = ctl;

  const scopeMissing = screen.scope !== undefined && context.scope[screen.scope.param] === undefined;
  const filterBar = <CollectionFilters screen={screen} context={context} query={query} setQuery={setQuery} />;
  // Shown whatever state the list is in: it is asked for on its own.
  // Keyed: it stays mounted (and its answer on screen) while the list below it loads, fails or shows.
  const summary = screen.summary && !scopeMissing && <CollectionSummaryLine key="summary" screen={screen} summary={screen.summary} context={context} />;
  const form = screen.form && !scopeMissing && (
    <ActionForm key={JSON.stringify(context.scope)} form={screen.form} readOnly={readOnly} run={ctl.run} scope={context.scope} />
  );
  if (scopeMissing) {
    return (
      <Stack gap="sm">
        {filterBar}
        <ScopeMissing screen={screen} />
      </Stack>
    );
  }
  if (!screen.operations.list) {
    return (
      <Stack gap="md">
        {filterBar}
        {form}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Stack gap="sm">
        {summary}
        <Alert color="red" role="alert" title={`${screen.title} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{reasonOf(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (!list.data) {
    return (
      <Stack gap="sm">
        {summary}
        <Group justify="center" py="xl">
          <Loader aria-label={`Loading ${screen.title}`} />
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" ref={box}>
      {filterBar}
      {summary}
      <CollectionItems screen={screen} readOnly={readOnly} scope={context.scope} ctl={ctl} view={view} />
      {form && <Stack mt="lg">{form}</Stack>}
      <CollectionDialogs screen={screen} readOnly={readOnly} scope={context.scope} ctl={ctl} view={view} />
    </Stack>
  );
}

/**
 * The event drawer's action (`eventAction` of a log view, e.g. "Why?"): sends the event to its operation and shows
 * the answer as traces below the event.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { EventAction, TracePanel } from '../../../definitions/define';
import { useCall } from '../shell/EngineContext';
import { reasonOf } from '../collection/useCollectionController';
import { TraceView } from '../widgets/TraceView';

type State = { readonly kind: 'idle' } | { readonly kind: 'pending' } | { readonly kind: 'error'; readonly text: string } | { readonly kind: 'done'; readonly panels: readonly TracePanel[] };

export function EventActionPanel({ action, event }: { readonly action: EventAction; readonly event: Readonly<Record<string, unknown>> }) {
  const call = useCall();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'pending' });
    try {
      const answer = await call(action.operation, { body: action.body(event as never) });
      setState({ kind: 'done', panels: action.answer.panels(answer as never) });
    } catch (e) {
      setState({ kind: 'error', text: reasonOf(e) });
    }
  };
  return (
    <Stack gap="sm" mt="md">
      <Group gap="sm" wrap="nowrap">
        <Button size="xs" onClick={() => void run()} loading={state.kind === 'pending'}>
          {action.label}
        </Button>
        <Text size="sm" c="dimmed">
          {action.description}
        </Text>
      </Group>
      {state.kind === 'pending' && <Loader size="sm" role="status" aria-label="Loading" />}
      {state.kind === 'error' && (
        <Alert color="red" role="alert" title={`${action.label} could not be answered`}>
          {state.text}
        </Alert>
      )}
      {state.kind === 'done' && <TraceView panels={state.panels} label={action.label} stacked />}
    </Stack>
  );
}

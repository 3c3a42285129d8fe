/**
 * The rule accordion (spec 002 §2, §4): panels that open one at a time, each with a summary while closed, Next to
 * move on once the panel is valid, and Save once the last panel is valid and saving is allowed. In create mode a
 * panel opens only once reached; in edit mode any panel opens. Hidden panels are not shown.
 */
import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SavedByPageBar } from '../SaveBar';
import {
  canOpenPanel,
  canSave,
  closePanels,
  goNext,
  initialAccordionState,
  nextState,
  openPanel,
  type AccordionMode,
  type AccordionState,
  type PanelSpec,
} from './panelRules';

export interface RuleAccordionPanel extends PanelSpec {
  readonly title: string;
  /** Shown under the title while the panel is closed (the initial summary until the caller has a better one). */
  readonly summary?: ReactNode;
  /** Whether the panel's fields are valid. */
  readonly valid: boolean;
  /** What keeps the panel from being valid, in words: shown beside its disabled Next. */
  readonly blockedBy?: string;
  readonly content: ReactNode;
}

export interface RuleAccordionProps {
  readonly panels: readonly RuleAccordionPanel[];
  readonly mode: AccordionMode;
  readonly state?: AccordionState;
  readonly onStateChange?: (state: AccordionState) => void;
  /** Saving is allowed (e.g. the user may write and something changed). */
  readonly savingAllowed: boolean;
  readonly saving?: boolean;
  readonly onSave: () => void;
  readonly onCancel?: () => void;
  readonly saveLabel?: string;
}

export function RuleAccordion({
  panels,
  mode,
  savingAllowed,
  saving = false,
  onSave,
  onCancel,
  saveLabel = 'Save',
  ...props
}: RuleAccordionProps) {
  const uid = useId();
  const [initial] = useState(() => initialAccordionState(panels, mode));
  const [state, setState] = useUncontrolled<AccordionState>({
    value: props.state,
    defaultValue: initial,
    onChange: props.onStateChange,
  });
  const validity = Object.fromEntries(panels.map((p) => [p.id, p.valid]));
  const next = nextState(state, panels, validity);
  const shown = panels.filter((p) => !p.hidden);
  // A row editor in a dialog has Cancel and saves itself even inside a page with a save bar.
  const savedByPage = useContext(SavedByPageBar) && !onCancel;
  // Next closes the panel that holds it: the focus moves to the opened panel's heading rather than to the page.
  const box = useRef<HTMLDivElement>(null);
  const movedByNext = useRef(false);
  useEffect(() => {
    if (!movedByNext.current || state.open === null) return;
    movedByNext.current = false;
    const opened = state.open;
    [...(box.current?.querySelectorAll<HTMLElement>('[data-panel-control]') ?? [])].find((c) => c.dataset.panelControl === opened)?.focus();
  }, [state.open]);

  return (
    <Stack gap="md" ref={box}>
      <Accordion
        value={state.open}
        onChange={(id) => setState(id === null ? closePanels(state) : openPanel(state, panels, id, mode))}
        variant="separated"
        loop
        order={3}
      >
        {shown.map((panel, i) => {
          const status = state.status[panel.id];
          const open = state.open === panel.id;
          return (
            <Accordion.Item key={panel.id} value={panel.id} data-viewed={status?.viewed || undefined}>
              <Accordion.Control disabled={!canOpenPanel(state, panels, panel.id, mode)} data-panel-control={panel.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600}>{`${i + 1}. ${panel.title}`}</Text>
                  {panel.optional && (
                    <Badge size="xs" variant="light" color="gray">
                      Optional
                    </Badge>
                  )}
                  {status?.viewed && !panel.valid && !open && (
                    <Badge size="xs" variant="light" color="red">
                      Needs attention
                    </Badge>
                  )}
                </Group>
                {!open && panel.summary !== undefined && (
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {panel.summary}
                  </Text>
                )}
              </Accordion.Control>
              <Accordion.Panel>
                {panel.content}
                {open && next.shown && (
                  <Group justify="flex-end" mt="md" wrap="nowrap">
                    {!next.enabled && panel.blockedBy && (
                      <Text id={`${uid}-${panel.id}-blocked`} size="sm" c="dimmed" ta="right">
                        {`To go on: ${panel.blockedBy}`}
                      </Text>
                    )}
                    <Button
                      variant="light"
                      disabled={!next.enabled}
                      aria-describedby={!next.enabled && panel.blockedBy ? `${uid}-${panel.id}-blocked` : undefined}
                      onClick={() => {
                        movedByNext.current = true;
                        setState(goNext(state, panels, validity, mode));
                      }}
                    >
                      Next
                    </Button>
                  </Group>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {!savedByPage && (
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button onClick={onSave} loading={saving} disabled={!canSave(panels, validity, savingAllowed && !saving)}>
            {saveLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

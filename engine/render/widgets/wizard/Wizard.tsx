/**
 * The wizard stepper (spec 002 §2): a header with the steps, the active step's content, and a footer with Cancel,
 * Back and Next (Start on the optional landing step, Finish on the last). Next waits for the step to be valid. The
 * step heading takes focus on every move, so a screen reader announces where the user is.
 */
import { Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { firstPosition, LANDING, nextPosition, previousPosition, wizardControls } from './wizardSteps';

export interface WizardStepDef {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly content: ReactNode;
  /** Default true. */
  readonly valid?: boolean;
}

export interface WizardProps {
  /** The wizard's accessible name (the page's heading already shows it, so the card does not repeat it). */
  readonly title: string;
  readonly steps: readonly WizardStepDef[];
  /** An introduction shown before the first step. */
  readonly landing?: { readonly title: string; readonly content: ReactNode };
  /** Step index, or -1 for the landing step. */
  readonly active?: number;
  readonly onActiveChange?: (active: number) => void;
  readonly onFinish: () => void;
  readonly onCancel?: () => void;
  readonly busy?: boolean;
  readonly finishLabel?: string;
}

export function Wizard({ title, steps, landing, onFinish, onCancel, busy = false, finishLabel, ...props }: WizardProps) {
  const hasLanding = landing !== undefined;
  const [active, setActive] = useUncontrolled({
    value: props.active,
    defaultValue: firstPosition(hasLanding),
    onChange: props.onActiveChange,
  });
  const step = active === LANDING ? undefined : steps[active];
  const controls = wizardControls({ active, stepCount: steps.length, hasLanding, stepValid: step?.valid ?? true, busy });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [active]);
  const go = (to: number) => {
    moved.current = true;
    setActive(to);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="lg">
        <header>
          <Stepper
            active={active}
            onStepClick={(i) => i < active && go(i)}
            allowNextStepsSelect={false}
            size="sm"
          >
            {steps.map((s) => (
              <Stepper.Step key={s.id} label={s.title} description={s.description} />
            ))}
          </Stepper>
        </header>
        <div>
          <Title order={2} size="h4" mb="sm" tabIndex={-1} ref={heading}>
            {step ? step.title : landing?.title}
          </Title>
          {step ? step.content : landing?.content}
        </div>
        <Group component="footer" justify="space-between">
          <div>
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
          </div>
          <Group gap="sm">
            {controls.back.shown && (
              <Button variant="default" onClick={() => go(previousPosition(active, hasLanding))} disabled={busy}>
                Back
              </Button>
            )}
            <Button
              disabled={!controls.next.enabled}
              loading={busy}
              onClick={() => {
                const to = nextPosition(active, steps.length);
                if (to === null) onFinish();
                else go(to);
              }}
            >
              {controls.next.label === 'Finish' && finishLabel ? finishLabel : controls.next.label}
            </Button>
          </Group>
        </Group>
        {step && (
          <Text size="xs" c="dimmed" aria-live="polite">
            {`Step ${active + 1} of ${steps.length}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The onboarding tour (spec 000 §2: exactly one of six spotlight targets is on at a time). It walks the targets
 * present on the page in a fixed order: the navigation, the applications, the documentation, then the section
 * entries the definitions mark as targets (`SectionDef.spotlight`), skipping what this user's navigation does not
 * show. Each step turns its target on in the onboarding store (the outline comes from shell.css), scrolls it into
 * view and shows a card beside it; Escape or Close ends the tour and turns the spotlight off. It starts from the
 * header's Help menu, which also leads to the contact form where the application has one (spec 000 §2 route
 * contact-form; the provider console has none).
 */
import { Button, Group, Paper, Portal, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { onboarding, type SpotlightTarget } from '../../engine/core/onboarding';
import { useDeferredModule } from '../../engine/render/lazyComponent';
import type { NavSection } from '../../engine/core/navigation';
import { navigate } from './hashLocation';

interface TourStep {
  readonly target: SpotlightTarget;
  readonly title: string;
  readonly text: string;
}

const SHELL_STEPS: readonly TourStep[] = [
  {
    target: 'sideNavigation',
    title: 'Navigation',
    text: 'Every area your role may open, by section. Sections open and close with a click or Enter; the page you are on is marked.',
  },
  { target: 'appSwitcher', title: 'Applications', text: 'Insights and the documentation open from here, beside the portal.' },
  {
    target: 'documentation',
    title: 'Documentation',
    text: 'What each setting does and its limits, and the API reference for scripts.',
  },
];

/** The tour's steps for this navigation: the shell's, then the marked sections the user sees. */
export function tourSteps(navigation: readonly NavSection[]): TourStep[] {
  return [...SHELL_STEPS, ...navigation.flatMap((s) => (s.spotlight ? [s.spotlight] : []))];
}

const CARD_WIDTH = 320;
const targetElement = (target: SpotlightTarget) => {
  const e = document.querySelector<HTMLElement>(`[data-spotlight="${target}"]`);
  // Hidden targets (the applications on a narrow screen) have no box.
  return e && e.getClientRects().length > 0 ? e : undefined;
};

/** Below a target in the header, beside the others (the navigation and its entries), inside the window. */
function cardPosition(target: HTMLElement): { top: number; left: number } {
  const r = target.getBoundingClientRect();
  const margin = 12;
  const inside = (left: number) => Math.max(margin, Math.min(left, window.innerWidth - CARD_WIDTH - margin));
  if (r.bottom < 80) return { top: r.bottom + margin, left: inside(r.left) };
  const top = r.height > 200 ? r.top + 80 : r.top - 8;
  return { top: Math.max(margin, Math.min(top, window.innerHeight - 220)), left: inside(r.right + margin) };
}

/** The Help menu downloads (with Mantine's menu and its positioning) the first time it opens. */
const loadHelpMenu = () => import('./HelpMenu');

export function OnboardingTour({ navigation, contactRoute }: { navigation: readonly NavSection[]; contactRoute?: string }) {
  const [steps, setSteps] = useState<TourStep[]>([]);
  const [index, setIndex] = useState(0);
  const [position, setPosition] = useState<{ top: number; left: number }>();
  const step = steps[index];

  const end = () => {
    setSteps([]);
    setIndex(0);
    onboarding.clear();
  };
  /** Turns step i's target on, brings it into view and puts the card beside it. */
  const show = (list: TourStep[], i: number) => {
    const target = list[i] && targetElement(list[i].target);
    if (!target) return end();
    onboarding.show(list[i]!.target);
    target.scrollIntoView?.({ block: 'nearest' });
    setPosition(cardPosition(target));
    setSteps(list);
    setIndex(i);
  };
  const help = useDeferredModule(loadHelpMenu);
  const start = () => show(tourSteps(navigation).filter((s) => targetElement(s.target)), 0);

  useEffect(() => {
    if (!step) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && end();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  return (
    <>
      {help.module ? (
        <help.module.HelpMenu defaultOpened={help.opened} onTour={start} onContact={contactRoute ? () => navigate(contactRoute) : undefined} />
      ) : (
        <Button variant="subtle" size="xs" onClick={help.request}>
          Help
        </Button>
      )}
      {step && position && (
        <Portal>
        <Paper
          role="dialog"
          aria-modal={false}
          aria-labelledby="tour-title"
          aria-describedby="tour-text"
          shadow="lg"
          withBorder
          p="md"
          w={CARD_WIDTH}
          style={{ position: 'fixed', top: position.top, left: position.left, zIndex: 300 }}
        >
          <Text size="xs" c="dimmed">
            Step {index + 1} of {steps.length}
          </Text>
          <Title order={2} size="h5" id="tour-title" mt={2}>
            {step.title}
          </Title>
          <Text size="sm" id="tour-text" mt={4}>
            {step.text}
          </Text>
          <Group justify="space-between" mt="md">
            <Button variant="subtle" size="xs" onClick={end}>
              Close
            </Button>
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={index === 0} onClick={() => show(steps, index - 1)}>
                Back
              </Button>
              {/* A new button per step takes the focus, so Enter moves the tour on. */}
              <Button key={index} ref={(e) => e?.focus()} size="xs" onClick={() => (index + 1 < steps.length ? show(steps, index + 1) : end())}>
                {index + 1 < steps.length ? 'Next' : 'Done'}
              </Button>
            </Group>
          </Group>
        </Paper>
        </Portal>
      )}
    </>
  );
}

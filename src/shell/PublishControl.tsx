/**
 * The policy revision in the header: whether there are unpublished changes, and the Publish button for users allowed
 * to publish. While something is staged the button is highlighted with the number of changed areas and opens the
 * review, which asks for a change reason before it publishes (spec 000 §4: publish only while "staged").
 */
import { Badge, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AccessRule } from '../../schemas/access';
import { useRevisionDiff } from '../../engine/render/publish/revisionDiff';
import { useEngine, useStore } from '../../engine/render/shell/EngineContext';
import { useScreenLookup } from './useScreenLookup';

/**
 * The state and the button keep the width of their longer text ("Unpublished changes", "Review and publish" with its
 * count), so the header does not shift when something is saved or published.
 */
const STATE_MIN_WIDTH = 190;
const BUTTON_MIN_WIDTH = 170;

/** How long after the review closes the focus moves: past the dialog's own return of it (its close transition). */
const FOCUS_AFTER_CLOSE_MS = 250;

/** The review dialog (the change list, the reason field) downloads when it first opens. */
const PublishReview = lazy(() => import('../../engine/render/publish/PublishReview').then((m) => ({ default: m.PublishReview })));

export function PublishControl({ publishRule }: { publishRule: AccessRule | undefined }) {
  const { revision, access } = useEngine();
  const state = useStore(revision);
  const screens = useScreenLookup();
  const [reviewing, review] = useDisclosure(false);
  // Once opened the dialog stays mounted, so it closes with its transition.
  const [opened, setOpened] = useState(false);
  if (reviewing && !opened) setOpened(true);
  // Published: the review closes and its Publish button is disabled, so the focus goes to the state that now reads
  // "Published" instead of dropping to the page. (A review cancelled leaves it on the button, as the dialog returns it.)
  const badge = useRef<HTMLDivElement>(null);
  const [published, setPublished] = useState(0);
  const closeReview = () => {
    review.close();
    if (revision.getState().revision?.state !== 'staged') setPublished((n) => n + 1);
  };
  useEffect(() => {
    if (published === 0) return;
    // After the dialog's own return of the focus, which finds the button disabled. Only where the focus would be lost
    // (on the page, or on the disabled button): never away from where the administrator went meanwhile, such as the
    // command palette opened by its shortcut.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      const control = badge.current?.closest('[role="group"]');
      if (!active || active === document.body || control?.contains(active)) badge.current?.focus();
    }, FOCUS_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [published]);
  const rev = state.revision;
  const staged = rev?.state === 'staged';
  const pending = useRevisionDiff(staged ? rev.staged_rev_id : undefined, screens, rev?.updated_at, false);
  if (!rev) return null;
  const canPublish = publishRule !== undefined && access.can(publishRule);
  const areas = staged && pending.status === 'ready' ? pending.changes.areas.length : undefined;
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Policy revision">
      {/* The dot variant keeps the scheme's text colour: readable in light and dark; the dot carries the colour. */}
      <Badge ref={badge} tabIndex={-1} color={staged ? 'orange.7' : 'teal.7'} variant="dot" size="lg" tt="none" miw={STATE_MIN_WIDTH} styles={{ root: { justifyContent: 'start' }, label: { textAlign: 'left' } }}>
        {staged ? 'Unpublished changes' : 'Published'}
      </Badge>
      {canPublish && (
        <Button
          miw={BUTTON_MIN_WIDTH}
          size="xs"
          // A light orange with dark text (autoContrast): white on any orange shade misses 4.5:1.
          color={staged ? 'orange.4' : undefined}
          autoContrast
          variant={staged ? 'filled' : 'default'}
          disabled={!staged}
          loading={state.publishing}
          onClick={review.open}
          title={staged ? 'Saved changes are not live yet: review them and publish' : 'Nothing to publish'}
          rightSection={
            areas ? (
              <Badge size="sm" circle color="white" c="orange.9" aria-label={areas === 1 ? '1 area changed' : `${areas} areas changed`}>
                {areas}
              </Badge>
            ) : undefined
          }
        >
          {staged ? 'Review and publish' : 'Publish'}
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <PublishReview opened={reviewing} onClose={closeReview} screens={screens} />
        </Suspense>
      )}
    </Group>
  );
}

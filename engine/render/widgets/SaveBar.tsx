import { Button, Group, Paper, Text } from '@mantine/core';
import { createContext, useEffect, useLayoutEffect, useRef } from 'react';
import { SAVE_BAR_HEIGHT_VAR } from './saveBarHeight';

/** Above table rows and the sticky table header, below dialogs and menus. */
export const SAVE_BAR_Z_INDEX = 150;


/**
 * True inside an editor that the page's save bar saves (a document's rule accordion): the editor leaves out a Save
 * button of its own, so the page has one Save.
 */
export const SavedByPageBar = createContext(false);

export interface SaveBarProps {
  readonly dirty: boolean;
  /** How many changes are unsaved (rows added, removed, changed, a reorder, fields changed); unknown when absent. */
  readonly changes?: number;
  readonly saving: boolean;
  readonly onSave: () => void;
  readonly onDiscard: () => void;
}

const changesText = (n: number | undefined) =>
  n === undefined || n === 0 ? 'You have unsaved changes.' : n === 1 ? 'You have 1 unsaved change.' : `You have ${n} unsaved changes.`;

/**
 * The document's Save and Discard: while something is unsaved it sticks to the bottom of the window, so it is in
 * view wherever the admin has scrolled; once saved it rests below the content and says so. Ctrl+S (⌘S) saves too,
 * unless a dialog is open.
 */
export function SaveBar({ dirty, changes, saving, onSave, onDiscard }: SaveBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const wasDirty = useRef(dirty);
  // Saved or discarded from the bar: its buttons are disabled now, so the focus would drop to the page. It goes to the
  // line that says all is saved (read out by screen readers), where the next Tab continues. A save by Ctrl+S from a
  // field leaves the focus in the field.
  useEffect(() => {
    const active = document.activeElement;
    if (wasDirty.current && !dirty && (!active || active === document.body || bar.current?.contains(active))) status.current?.focus();
    wasDirty.current = dirty;
  }, [dirty]);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(SAVE_BAR_HEIGHT_VAR, `${el.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(SAVE_BAR_HEIGHT_VAR);
    };
  }, []);
  useEffect(() => {
    if (!dirty || saving) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 's' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      // A dialog has its own Add / Apply; the document is saved from the page.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      e.preventDefault();
      onSave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dirty, saving, onSave]);
  return (
    <Paper
      ref={bar}
      withBorder
      p="sm"
      role="region"
      aria-label="Changes"
      shadow={dirty ? 'md' : undefined}
      style={
        dirty
          ? {
              position: 'sticky',
              bottom: 0,
              zIndex: SAVE_BAR_Z_INDEX,
              borderTop: '3px solid var(--mantine-primary-color-filled)',
            }
          : undefined
      }
    >
      <Group justify="space-between">
        <Text ref={status} tabIndex={-1} size="sm" fw={dirty ? 600 : undefined} c={dirty ? undefined : 'dimmed'} aria-live="polite">
          {dirty ? changesText(changes) : 'All changes saved.'}
        </Text>
        <Group gap="xs">
          <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
            Discard changes
          </Button>
          <Button disabled={!dirty} loading={saving} onClick={onSave} aria-keyshortcuts="Control+S Meta+S" title="Save (Ctrl+S)">
            Save
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

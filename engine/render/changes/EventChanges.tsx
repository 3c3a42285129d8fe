/**
 * What an audit event says changed, in the same words as the publish review: a save's fields before and after
 * (`{ before, after }`) worded with the schema of the area the event names, or changes stored as lines of text
 * (role and user changes, and saves logged before saves kept their fields) with ids and JSON worded too.
 */
import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isDocumentScreen, type DocumentScreen } from '../../../definitions/define';
import { changeLines, describeChanges, fromFieldLines, type FieldLine } from '../../core/changes';
import type { ScreenLookup } from '../publish/revisionDiff';
import { ChangeItems } from './ChangeItems';
import { useScreenChanges } from './screenChanges';

type Doc = Readonly<Record<string, unknown>>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value as a save's fields before and after, when it is one. */
export function asDocumentDiff(value: unknown): { before: Doc; after: Doc } | undefined {
  return isDoc(value) && isDoc(value.before) && isDoc(value.after) && Object.keys(value).length === 2 ? { before: value.before, after: value.after } : undefined;
}

/** The value as changes stored as text lines (every entry has text field, before and after), when it is one. */
export function asFieldLines(value: unknown): FieldLine[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const ok = value.every((c) => isDoc(c) && ['field', 'before', 'after'].every((k) => typeof c[k] === 'string'));
  return ok ? (value as FieldLine[]) : undefined;
}

/** Whether an event's field holds changes this component words. */
export const isEventChanges = (value: unknown): boolean => asDocumentDiff(value) !== undefined || asFieldLines(value) !== undefined;

/**
 * An event's changes as one line of text (an export with labels): a save's fields worded by their names, since the
 * area's schema loads only for the screen; undefined when the value holds no changes.
 */
export function eventChangesText(value: unknown): string | undefined {
  const diff = asDocumentDiff(value);
  const lines = asFieldLines(value);
  const changes = diff ? describeChanges(undefined, diff.before, diff.after) : lines ? fromFieldLines(lines) : undefined;
  return changes && changeLines(changes).map((line) => line.trim()).join('; ');
}

function DiffChanges({ screen, before, after, label }: { screen: DocumentScreen | undefined; before: Doc; after: Doc; label: string }) {
  const changes = useScreenChanges(screen, before, after);
  return <ChangeItems changes={changes} label={label} plain />;
}

/** A save's changes, once the definition of the area it names has loaded (unknown areas are worded by field names). */
function SaveChanges({ diff, area, screens, label }: { diff: { before: Doc; after: Doc }; area: string | undefined; screens?: ScreenLookup; label: string }) {
  const known = area !== undefined && screens?.(area) !== undefined;
  const [screen, setScreen] = useState<{ area: string; def: DocumentScreen | undefined }>();
  useEffect(() => {
    const found = area === undefined ? undefined : screens?.(area);
    if (!found || area === undefined) return;
    let live = true;
    found.load().then(
      (def) => live && setScreen({ area, def: isDocumentScreen(def) ? def : undefined }),
      () => live && setScreen({ area, def: undefined }),
    );
    return () => {
      live = false;
    };
  }, [screens, area]);
  if (known && screen?.area !== area) return <Loader size="xs" aria-label="Loading the changes" />;
  return <DiffChanges screen={known ? screen?.def : undefined} before={diff.before} after={diff.after} label={label} />;
}

export interface EventChangesProps {
  /** The event field's value. */
  readonly value: unknown;
  /** The screen id the event names (the area a save changed). */
  readonly area: string | undefined;
  readonly screens?: ScreenLookup;
  /** The list's accessible name. */
  readonly label: string;
}

/** An event's changes in words, or nothing when the value holds none. */
export function EventChanges({ value, area, screens, label }: EventChangesProps) {
  const diff = asDocumentDiff(value);
  if (diff) return <SaveChanges diff={diff} area={area} screens={screens} label={label} />;
  const lines = asFieldLines(value);
  return lines ? <ChangeItems changes={fromFieldLines(lines)} label={label} plain /> : null;
}

/**
 * The screen side of field gates (schemas/fieldGates.ts): a document screen whose gated fields the user may not change
 * gets those fields read-only in its row and field hints (a hint whose path ends in the field's key, or the key
 * itself when no hint names it), so the user sees them but cannot change what the server would refuse.
 */
import type { DocumentScreen, FieldHint } from '../../../definitions/define';
import type { FieldGate } from '../../../schemas/fieldGates';

type Hints = Readonly<Partial<Record<string, FieldHint>>>;

function lockHints(hints: Hints | undefined, locked: ReadonlySet<string>): Hints {
  const out: Record<string, FieldHint | undefined> = { ...hints };
  for (const key of locked) {
    const paths = Object.keys(out).filter((p) => p === key || p.endsWith(`.${key}`));
    for (const p of paths.length ? paths : [key]) out[p] = { ...out[p], readOnly: true };
  }
  return out;
}

/** The screen with the fields of the gates `may` refuses made read-only; the screen itself when none is refused. */
export function lockGatedFields(screen: DocumentScreen, may: (gate: FieldGate) => boolean): DocumentScreen {
  const locked = new Set((screen.fieldGates ?? []).filter((g) => !may(g)).flatMap((g) => g.fields));
  if (locked.size === 0) return screen;
  const layout = screen.layout as Record<string, unknown> & { kind: string };
  const next: Record<string, unknown> = { ...layout };
  if (layout.kind === 'table') {
    next.rowFields = lockHints(layout.rowFields as Hints | undefined, locked);
    if (Array.isArray(layout.tables)) next.tables = layout.tables.map((t: { rowFields?: Hints }) => ({ ...t, rowFields: lockHints(t.rowFields, locked) }));
  } else {
    next.fields = lockHints(layout.fields as Hints | undefined, locked);
  }
  return { ...screen, layout: next } as DocumentScreen;
}

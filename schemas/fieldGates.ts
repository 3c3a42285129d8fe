/**
 * Field gates: fields of a document that only holders of an edit sub-permission may change (spec 000 §6, the web
 * policy edit sub-permissions). A gate names field keys, matched at any depth of the document (a rule's
 * `conditions.domain` as well as a top-level `domain`); rows of a list are matched by their `id` when they have one,
 * so moving a rule changes none of its gated fields, while adding or removing a rule changes each gated field it holds.
 * The server refuses a save that changes a gated field the caller may not change; the screen shows such fields
 * read-only (engine/render/document/fieldGates.ts). Both read the same gates from the definition.
 */
import { ruleAllows, type AccessRule, type Grants } from './access';

export interface FieldGate {
  /** Field keys this gate covers, wherever they occur in the document. */
  readonly fields: readonly string[];
  /** Who may change them. */
  readonly write: AccessRule;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value of a gated key in the document, by a path whose list steps are row ids where rows have them. */
function gatedValues(doc: unknown, keys: ReadonlySet<string>): Map<string, { key: string; path: string; value: string }> {
  const out = new Map<string, { key: string; path: string; value: string }>();
  const walk = (v: unknown, path: string, idPath: string) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        const id = isObject(item) && typeof item.id === 'string' ? `[${item.id}]` : `.${i}`;
        walk(item, path ? `${path}.${i}` : String(i), `${idPath}${id}`);
      });
    } else if (isObject(v)) {
      for (const [k, child] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        const ip = `${idPath}.${k}`;
        // An empty list and a missing one say the same: nothing to match.
        if (keys.has(k)) out.set(ip, { key: k, path: p, value: JSON.stringify(child ?? []) === '[]' ? '' : JSON.stringify(child) });
        else walk(child, p, ip);
      }
    }
  };
  walk(doc, '', '');
  return out;
}

/** The gated fields that differ between the stored and the sent document, each with its path in the sent one and its gate. */
export function gatedChanges(gates: readonly FieldGate[], before: unknown, after: unknown): { path: string; gate: FieldGate }[] {
  const gateOf = new Map(gates.flatMap((g) => g.fields.map((f) => [f, g] as const)));
  const keys = new Set(gateOf.keys());
  const a = gatedValues(before, keys);
  const b = gatedValues(after, keys);
  const changed: { path: string; gate: FieldGate }[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(id);
    const y = b.get(id);
    if ((x?.value ?? '') !== (y?.value ?? '')) changed.push({ path: (y ?? x)!.path, gate: gateOf.get((y ?? x)!.key)! });
  }
  return changed;
}

/** The gated fields changed that these grants may not change. */
export const refusedChanges = (gates: readonly FieldGate[], grants: Grants, before: unknown, after: unknown) =>
  gatedChanges(gates, before, after).filter((c) => !ruleAllows(c.gate.write, grants));

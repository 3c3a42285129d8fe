/** Names of the shared schemas: the exports of schemas/ that describe an entity (objects, unions, intersections). */
import { z } from 'zod';
import { byCodeUnits, pascalCase } from './names';
import type { SchemaNames } from './jsonSchema';

/** One loaded module of schemas/: its path relative to schemas/ (e.g. `areas/sslBypass.ts`) and its exports. */
export interface SchemaModule {
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

const ENTITY_TYPES = new Set(['object', 'union', 'intersection']);

const isEntity = (v: unknown): v is z.ZodType => v instanceof z.ZodType && ENTITY_TYPES.has(v.def.type);

/**
 * Names each entity schema after its export. A schema exported twice keeps the first name (modules and exports in
 * sorted order); when two modules export different schemas under one name, both are prefixed with their file name
 * (`areas/storage.ts` `Profile` → `StorageProfile`).
 */
export function schemaNamesFromModules(modules: readonly SchemaModule[]): SchemaNames {
  const sorted = [...modules].sort((a, b) => byCodeUnits(a.file, b.file));
  const candidates: { schema: z.ZodType; exportName: string; file: string }[] = [];
  const seen = new Set<z.ZodType>();
  for (const m of sorted) {
    for (const exportName of Object.keys(m.exports).sort()) {
      const value = m.exports[exportName];
      if (!isEntity(value) || seen.has(value)) continue;
      seen.add(value);
      candidates.push({ schema: value, exportName, file: m.file });
    }
  }
  const byName = new Map<string, number>();
  for (const c of candidates) byName.set(c.exportName, (byName.get(c.exportName) ?? 0) + 1);
  const names = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  for (const c of candidates) {
    const stem = pascalCase(c.file.replace(/\.ts$/, '').split('/').pop() ?? '');
    const name = byName.get(c.exportName)! > 1 && !c.exportName.startsWith(stem) ? stem + c.exportName : c.exportName;
    if (taken.has(name)) throw new Error(`Two schemas in schemas/ would share the component name "${name}".`);
    taken.add(name);
    names.set(c.schema, name);
  }
  return names;
}

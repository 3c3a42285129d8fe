/**
 * One standalone JSON Schema file per entity: every component schema of the OpenAPI document, each carrying the
 * components it refers to under `$defs`, so a file can be used on its own (e.g. by an auditor's validator).
 */
import { DO_NOT_EDIT } from './header';
import { COMPONENT_PREFIX, mapRefs, refsIn, type JsonSchema } from './jsonSchema';
import type { OpenApiDocument } from './openapi';

/** Folder of the entity schemas, relative to the repository root. */
export const SCHEMAS_DIR = 'docs/schemas';

function closure(name: string, schemas: Record<string, JsonSchema>): string[] {
  const found = new Set<string>();
  const visit = (n: string) => {
    for (const ref of refsIn(schemas[n])) {
      const dep = ref.startsWith(COMPONENT_PREFIX) ? ref.slice(COMPONENT_PREFIX.length) : undefined;
      if (dep !== undefined && dep !== name && !found.has(dep)) {
        found.add(dep);
        visit(dep);
      }
    }
  };
  visit(name);
  return [...found].sort();
}

/** A JSON Schema 2020-12 document for the component `name`. */
export function entitySchema(name: string, schemas: Record<string, JsonSchema>): JsonSchema {
  const local = (ref: string) =>
    ref === COMPONENT_PREFIX + name ? '#' : ref.startsWith(COMPONENT_PREFIX) ? `#/$defs/${ref.slice(COMPONENT_PREFIX.length)}` : ref;
  const deps = closure(name, schemas);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $comment: DO_NOT_EDIT,
    title: name,
    ...mapRefs(schemas[name], local),
    ...(deps.length ? { $defs: Object.fromEntries(deps.map((d) => [d, mapRefs(schemas[d], local)])) } : {}),
  };
}

/** File path → JSON text of every entity schema. */
export function generateEntitySchemas(doc: OpenApiDocument): Map<string, string> {
  const schemas = doc.components.schemas;
  return new Map(
    Object.keys(schemas).map((name) => [`${SCHEMAS_DIR}/${name}.json`, JSON.stringify(entitySchema(name, schemas), null, 2) + '\n']),
  );
}

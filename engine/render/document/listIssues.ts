/** A document's problems inside one of its row lists, for the table that edits the list and for its bulk import. */
import type { z } from 'zod';
import type { FieldError } from '../../../schemas/http';

/** The problems a document has inside its rows list (`prefix`, e.g. `list.`), with paths relative to the list. */
export function listIssues(schema: z.ZodType, doc: unknown, prefix: string): FieldError[] {
  const result = schema.safeParse(doc);
  if (result.success) return [];
  return result.error.issues
    .map((i) => ({ path: i.path.map(String).join('.'), key: i.code, message: i.message }))
    .filter((e) => e.path.startsWith(prefix))
    .map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
}

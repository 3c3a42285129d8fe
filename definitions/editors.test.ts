/** Every value a document screen holds is edited with a real control: no screen falls back to the read-only JSON view. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { elementObjectOf, fieldsOf, rowSchemaOf, type FieldHintMap } from '../engine/render/form/schemaFields';
import { isDocumentScreen, type NestedTableHint } from './define';
import { registry } from './index';

/** Dotted names of the fields (in nested tables too, as `list[].field`) left without an editor. */
function uneditable(schema: z.ZodObject, hints: FieldHintMap | undefined, prefix = ''): string[] {
  return fieldsOf(schema, hints).flatMap((f) => {
    const name = `${prefix}${f.name}`;
    if (f.widget === 'jsonView') return [name];
    if (f.widget !== 'table') return [];
    const row = elementObjectOf(f.schema);
    const table: NestedTableHint = f.hint.table ?? {};
    const missing = (table.columns ?? []).filter((c) => !row || !(c in row.shape)).map((c) => `${name}[].${c} (column)`);
    return row ? [...missing, ...uneditable(row, table.rowFields, `${name}[].`)] : [name];
  });
}

describe('document screens', () => {
  const documents = registry.screens.filter(isDocumentScreen);

  it.each(documents.map((s) => [s.id, s] as const))('%s edits every field with a control', (_id, screen) => {
    const layout = screen.layout;
    const found =
      layout.kind === 'table'
        ? uneditable(rowSchemaOf(screen.schema, layout.rows), layout.rowFields as FieldHintMap | undefined, `${layout.rows}[].`)
        : uneditable(screen.schema, ('fields' in layout ? layout.fields : undefined) as FieldHintMap | undefined);
    expect(found).toEqual([]);
  });
});

/**
 * What the change presenter (core/changes.ts) needs from a document screen, as plain data: the row keys and row names
 * of its tables, the labels of its field hints, the fields it never shows. React-free: codegen writes it for the
 * command line too.
 */
import type { DocumentScreen, FieldHint, OptionSource } from '../../../definitions/define';
import type { ChangeData } from '../../core/changes';

type Hints = Readonly<Partial<Record<string, FieldHint>>>;
type Table = { readonly rows: string; readonly rowKey: string; readonly columns: readonly (string | { readonly field: string })[]; readonly rowFields?: Hints; readonly title?: string };

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Every field hint of the screen by its dotted path without list positions, nested tables' rows included. */
function hintsOf(screen: DocumentScreen): Map<string, FieldHint> {
  const out = new Map<string, FieldHint>();
  const add = (hints: Hints | undefined, prefix: string) => {
    for (const [name, hint] of Object.entries(hints ?? {})) {
      if (!hint) continue;
      out.set(join(prefix, name), hint);
      if (hint.table?.rowFields) add(hint.table.rowFields as Hints, join(prefix, name));
    }
  };
  const layout = screen.layout;
  if (layout.kind === 'table') for (const t of tablesOf(screen)) add(t.rowFields, t.rows);
  else add(layout.fields, '');
  return out;
}

function tablesOf(screen: DocumentScreen): readonly Table[] {
  const layout = screen.layout;
  return layout.kind === 'table' ? [layout, ...(layout.tables ?? [])] : [];
}

/** The `optionsFrom` sources of the screen's fields, by path. */
export function nameSourcesOf(screen: DocumentScreen): Readonly<Record<string, OptionSource>> {
  return Object.fromEntries([...hintsOf(screen)].flatMap(([path, hint]) => (hint.optionsFrom ? [[path, hint.optionsFrom] as const] : [])));
}

/** What the presenter needs of a screen, as data (also generated for the command line). */
export function changeDataOf(screen: DocumentScreen): ChangeData {
  const hints = hintsOf(screen);
  const tables = tablesOf(screen);
  const labels: Record<string, string> = {};
  for (const [path, hint] of hints) if (hint.label) labels[path] = hint.label;
  for (const t of tables) if (t.title) labels[t.rows] = t.title;
  return {
    rowKeys: Object.fromEntries(tables.map((t) => [t.rows, t.rowKey])),
    rowNames: Object.fromEntries(
      tables.flatMap((t) => {
        const first = t.columns[0];
        return first ? [[t.rows, typeof first === 'string' ? first : first.field]] : [];
      }),
    ),
    labels,
    hidden: [...hints].flatMap(([path, hint]) => (hint.widget === 'hidden' ? [path] : [])),
    tables: tables.map((t) => t.rows),
  };
}


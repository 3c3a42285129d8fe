/**
 * The one way values enter ClickHouse statements. ClickHouse 18.16 has no query parameters, so every value is bound
 * here as a literal: strings quoted and escaped, numbers checked finite, arrays element by element. Statement text
 * other than values is written in code (`sql` templates) and identifiers are checked by `identifier`.
 */

/** Statement text that is already safe (written in code or built by `sql`). */
export class Sql {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Value = string | number | bigint | boolean | null | Sql | readonly Value[];

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A string literal. A lone surrogate (not valid UTF-16, so not encodable as UTF-8) becomes U+FFFD, as it would on
 * the wire anyway; every other character is kept, quotes, backslashes and control characters escaped.
 */
export function stringLiteral(s: string): string {
  return `'${s.replace(LONE_SURROGATE, '\uFFFD').replace(/[\\'\0\n\r\t\b\f]/g, (c: string) => ESCAPES[c]!)}'`;
}

/** A value as a ClickHouse literal. */
export function bind(v: Value): string {
  if (v instanceof Sql) return v.text;
  if (v === null) return 'NULL';
  if (typeof v === 'string') return stringLiteral(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Not a finite number: ${v}`);
    return Number.isInteger(v) ? v.toFixed(0) : String(v);
  }
  return `[${v.map(bind).join(', ')}]`;
}

/** A statement from a template: its values bound, `Sql` parts kept as they are. */
export function sql(strings: TemplateStringsArray, ...values: Value[]): Sql {
  let text = strings[0]!;
  for (let i = 0; i < values.length; i++) text += bind(values[i]!) + strings[i + 1]!;
  return new Sql(text);
}

/** Statement text written in code (joins of `Sql` parts, fixed keywords). */
export const raw = (text: string): Sql => new Sql(text);

/** Joins statement parts. */
export const join = (parts: readonly Sql[], separator: string): Sql => new Sql(parts.map((p) => p.text).join(separator));

/** A database, table or cluster name from configuration: letters, digits and underscores only. */
export function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) throw new Error(`Not a ClickHouse name this portal uses: ${JSON.stringify(name)}`);
  return name;
}

/** Small helpers for the log store's SQL: numbered parameters and jsonb field access. */

/** Collects parameter values and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `event->>'field'`; field names come from the catalogues, never from a request, and are quoted all the same. */
export function textField(field: string): string {
  return `(event ->> '${field.replace(/'/g, "''")}')`;
}

/** `event->'field'` (the jsonb value, for list fields). */
export function jsonField(field: string): string {
  return `(event -> '${field.replace(/'/g, "''")}')`;
}

/** int8 columns arrive as number, string or bigint depending on the driver. */
export function toNumber(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

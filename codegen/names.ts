/** Identifier spelling of ids such as `web.ssl-bypass.get`. */

const words = (id: string): string[] => id.split(/[^A-Za-z0-9]+/).filter(Boolean);
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** `web.ssl-bypass.get` → `WebSslBypassGet`. */
export const pascalCase = (id: string): string => words(id).map(cap).join('');

/** `web.ssl-bypass.get` → `webSslBypassGet`: the generated client's method name for an operation id. */
export function camelCase(id: string): string {
  const p = pascalCase(id);
  const c = p.charAt(0).toLowerCase() + p.slice(1);
  return /^[0-9]/.test(c) ? `op${p}` : c;
}

/** Whether `name` can be written as a bare property name or identifier in TypeScript. */
export const isIdentifier = (name: string): boolean => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);

/** Code-unit order: the same on every machine and locale, so generated files never reorder. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

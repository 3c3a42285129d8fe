/** Builds a checked registry: every id and route listed once, every access rule well-formed. */
import { assertAccessRule } from '../schemas/access';
import { isDocumentScreen, type OperationDef, type ScreenDef, type SectionDef } from './define';
import { documentOperations } from './derive';

export interface Registry {
  readonly sections: readonly SectionDef[];
  readonly screens: readonly ScreenDef[];
  /** Every API operation: the hand-declared ones and those derived from document screens. */
  readonly operations: readonly OperationDef[];
  screen(id: string): ScreenDef | undefined;
  operation(id: string): OperationDef | undefined;
}

function unique<T>(items: readonly T[], key: (t: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new Error(`Duplicate ${what} in the definition registry: ${k}`);
    seen.add(k);
  }
}

export function createRegistry(input: {
  sections: readonly SectionDef[];
  screens: readonly ScreenDef[];
  operations: readonly OperationDef[];
}): Registry {
  const { sections, screens } = input;
  const operations = [...input.operations, ...screens.filter(isDocumentScreen).flatMap(documentOperations)];
  unique(sections, (s) => s.id, 'section id');
  unique(sections, (s) => s.route, 'section route');
  unique(screens, (s) => s.id, 'screen id');
  unique(screens, (s) => s.route, 'screen route');
  unique(operations, (o) => o.id, 'operation id');
  unique(operations, (o) => `${o.method} ${o.path.replace(/\{[^}]+\}/g, '{}')}`, 'operation method and path');
  for (const s of sections) if (s.access) assertAccessRule(s.access);
  for (const s of screens) {
    assertAccessRule(s.read);
    if (s.write) assertAccessRule(s.write);
    const top = '/' + s.route.split('/')[1];
    if (!sections.some((sec) => sec.route === top)) throw new Error(`Screen ${s.id} is under no section: ${s.route}`);
  }
  for (const o of operations) if (typeof o.access === 'object') assertAccessRule(o.access);
  const screenById = new Map(screens.map((s) => [s.id, s]));
  const opById = new Map(operations.map((o) => [o.id, o]));
  return {
    sections,
    screens,
    operations,
    screen: (id) => screenById.get(id),
    operation: (id) => opById.get(id),
  };
}

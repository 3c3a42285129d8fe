/**
 * No import cycles: the modules of schemas/, definitions/, engine/, src/, server/ and codegen/ import one another
 * without a cycle, type-only imports included (a type cycle ties two files as tightly as a value cycle: neither can
 * be read, moved or split without the other). eslint-plugin-import-x's `no-cycle` is not installed; this walks the
 * relative imports with the TypeScript parser instead. KNOWN lists the cycles not broken yet (none is left); the test
 * fails on a new cycle and on a listed one that is gone (so the list only shrinks).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['schemas', 'definitions', 'engine', 'src', 'server', 'codegen'];

const KNOWN: readonly string[] = [];

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => existsSync(p) && statSync(p).isFile());
}

/** Each file's static imports and re-exports (type-only ones too), by file. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets = source.statements.flatMap((s) =>
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)
        ? [resolveImport(file, s.moduleSpecifier.text)].filter((t): t is string => t !== undefined)
        : [],
    );
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan): each holds at least one cycle. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle, type-only imports included', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('has none beyond the known ones, and each known one still exists', () => {
    const graph = importGraph(FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f))));
    expect(graph.size).toBeGreaterThan(300);
    const found = cycles(graph).map((group) => group.map((f) => relative(ROOT, f)).join(' ')).sort();
    expect(found).toEqual(KNOWN);
  }, 180_000);
});

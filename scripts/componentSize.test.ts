/**
 * Small units (issue 31): no React component of engine/, src/, login/ and provider/ is over LIMIT lines. A component
 * is a capitalised function declaration, or a capitalised variable whose initializer (possibly wrapped in calls such
 * as `memo(...)` or `forwardRef(...)`) is an arrow function or a function expression, in a non-test .tsx file; its
 * length runs from the function's first line to its last. A longer one is split into components and hooks of one
 * concern each (as `engine/render/document/DocumentView.tsx` and its layout components, or `render/log/LogView.tsx`).
 * This walks the files with the TypeScript parser; the test fails listing each component over the limit.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['engine', 'src', 'login', 'provider'];
/** The most lines a component may take. */
export const LIMIT = 150;

export interface ComponentSize {
  readonly name: string;
  readonly file: string;
  /** The function's first line (1-based). */
  readonly line: number;
  readonly lines: number;
}

const isComponentName = (name: string) => /^[A-Z]/.test(name);

/**
 * The function an initializer is: an arrow function or function expression, seen through parentheses, type
 * assertions and the calls that wrap a component (`memo(forwardRef(function X() { … }))`: their first argument).
 */
function functionOf(node: ts.Expression): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return functionOf(node.expression);
  if (ts.isCallExpression(node) && node.arguments[0]) return functionOf(node.arguments[0]);
  return undefined;
}

/** Every component of a file (nested ones too) and how many lines each takes. */
export function componentSizes(file: string, text: string): ComponentSize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ComponentSize[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const add = (name: string, fn: ts.Node) => {
    const line = lineOf(fn.getStart(source));
    found.push({ name, file, line, lines: lineOf(fn.getEnd()) - line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && isComponentName(node.name.text)) add(node.name.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isComponentName(node.name.text)) {
      const fn = functionOf(node.initializer);
      if (fn) add(node.name.text, fn);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The components of these files over `limit` lines, as "Name file:line (n lines)". */
export function oversized(files: readonly string[], limit = LIMIT, root = ROOT): string[] {
  return files
    .flatMap((file) => componentSizes(relative(root, file), readFileSync(file, 'utf8')))
    .filter((c) => c.lines > limit)
    .map((c) => `${c.name} ${c.file}:${c.line} (${c.lines} lines)`);
}

describe('component size', () => {
  it('finds function declarations and capitalised variables holding a function, wrapped or not', () => {
    const text = [
      'export function Plain() {', // 1
      '  const Inner = () => null;', // 2
      '  return <Inner />;', // 3
      '}', // 4
      'const Arrow = (p: { a: number }) => {', // 5
      '  return <b>{p.a}</b>;', // 6
      '};', // 7
      'export const Wrapped = memo(forwardRef(function Wrapped(p, ref) {', // 8
      '  return <i ref={ref} />;', // 9
      '}));', // 10
      'const Expr = function () { return null; };', // 11
      'function helper() { return 1; }', // 12
      'const lower = () => null;', // 13
      'const CONSTANT = 3;', // 14
      'const Table = { Row: () => null };', // 15
    ].join('\n');
    expect(componentSizes('x.tsx', text).map(({ name, line, lines }) => [name, line, lines])).toEqual([
      ['Plain', 1, 4],
      ['Inner', 2, 1],
      ['Arrow', 5, 3],
      ['Wrapped', 8, 3],
      ['Expr', 11, 1],
    ]);
  });

  it(`has no React component over ${LIMIT} lines in ${FOLDERS.join(', ')}`, () => {
    const files = FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f), ['.tsx']));
    expect(files.length).toBeGreaterThan(100);
    // The walk finds them (some 260 when this was written).
    expect(files.flatMap((f) => componentSizes(f, readFileSync(f, 'utf8'))).length).toBeGreaterThan(200);
    expect(oversized(files)).toEqual([]);
  });
});

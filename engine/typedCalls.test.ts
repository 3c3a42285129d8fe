/**
 * The engine calls operations by their definitions (engine/core/call.ts): no operation id written as a string, no
 * answer type asserted by hand, and casts that erase a type (`as never`, `as unknown as`) only where engine/CONTEXT.md
 * lists them with their reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationRoutes } from './generated/client.gen';

const ROOT = join(__dirname, '..');

/** Non-test TypeScript sources of engine/, generated ones aside. */
function sources(dir = join(ROOT, 'engine')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name) ? [relative(ROOT, path)] : [];
  });
}

const files = sources().map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

/** Where an erasing cast is allowed, and how many: engine/CONTEXT.md says why for each. */
export const ERASING_CASTS: Readonly<Record<string, number>> = {
  'engine/core/changes.ts': 2,
  'engine/render/lazyComponent.ts': 1,
  'engine/render/log/EventActionPanel.tsx': 2,
  'engine/render/log/EventDownloads.tsx': 2,
  'engine/render/collection/SelectionActions.tsx': 2,
  'engine/render/collection/useRowActionFlow.tsx': 3,
  'engine/render/collection/CollectionSummaryLine.tsx': 1,
  'engine/render/collection/ActionForm.tsx': 5,
  'engine/render/document/ScreenFactLine.tsx': 1,
  'engine/render/document/WizardView.tsx': 1,
  'engine/render/widgets/export/exporters.ts': 1,
};

describe('typed calls in engine/', () => {
  it('names no operation by a string id', () => {
    const ids = new Set(operationRoutes.map((o) => o.id));
    const found = files.flatMap(({ path, text }) =>
      [...text.matchAll(/'([A-Za-z][\w-]*(?:\.[\w-]+)+)'/g)].filter((m) => ids.has(m[1]!)).map((m) => `${path}: '${m[1]}'`),
    );
    expect(found).toEqual([]);
  });

  it('calls operations by their definitions: no call by id, no answer type asserted by hand', () => {
    const patterns: [RegExp, string][] = [
      [/(?<!function )\bcall(?:ById|Operation)?\s*<[^>(]*>\s*\(/g, 'a call with its answer type given by hand'],
      [/\bcallById\s*\(/g, 'a call by a computed id'],
      [/\bcall\s*\([^,()]*\.id\s*[,)]/g, "a call of an operation's id"],
      [/\boperationIds\./g, 'a document operation by id'],
    ];
    // The session's operations are the deployment's choice (src/startShell.tsx, src/application.ts): ids of the
    // generated client, each typed by what it must take and answer (`SessionDeps['ops']`), called with `callById`.
    const byIdAllowed = (path: string, what: string) => path === 'engine/core/session.ts' && what === 'a call by a computed id';
    const found = files.flatMap(({ path, text }) =>
      patterns.filter(([, what]) => !byIdAllowed(path, what)).flatMap(([re, what]) => [...text.matchAll(re)].map((m) => `${path}: ${what} (${m[0]})`)),
    );
    expect(found).toEqual([]);
  });

  it('erases types (`as never`, `as unknown as`) only where engine/CONTEXT.md says why', () => {
    const counts = Object.fromEntries(
      files.map(({ path, text }) => [path, (text.match(/\bas never\b|\bas unknown as\b/g) ?? []).length] as const).filter(([, n]) => n > 0),
    );
    expect(counts).toEqual(ERASING_CASTS);
    const context = readFileSync(join(ROOT, 'engine/CONTEXT.md'), 'utf8');
    expect(Object.keys(ERASING_CASTS).filter((path) => !context.includes(`\`${path.replace(/^engine\//, '')}\``))).toEqual([]);
  });
});

/**
 * The unit and component projects share one module graph per worker (`isolate: false`), where a module replaced with
 * `vi.mock` in one file is not replaced for a file that loaded it first. Every test file that mocks a module is
 * therefore a component test listed to run isolated.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPONENT_MOCKS } from '../vitest.config';

const ROOT = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'generated' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

describe('test projects', () => {
  it('runs every unit or component test file that mocks a module in the isolated project, and no other', () => {
    const files = ['schemas', 'definitions', 'engine', 'src', 'server', 'codegen', 'scripts'].flatMap((d) => testFiles(join(ROOT, d)));
    // The call written out whole, so this file's own text does not count.
    const mocking = files.filter((f) => readFileSync(join(ROOT, f), 'utf8').includes(['vi', 'mock('].join('.'))).sort();
    expect(mocking).toEqual([...COMPONENT_MOCKS].sort());
  });
});

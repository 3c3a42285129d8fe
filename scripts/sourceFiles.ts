/** The source files the structure tests (import cycles, component sizes, react-hook-form internals) read. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file under `dir` whose name ends in one of `extensions`, leaving out tests, type declarations, dependencies
 * and generated code.
 */
export function sourceFiles(dir: string, extensions: readonly string[] = ['.ts', '.tsx'], out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'generated') sourceFiles(path, extensions, out);
    } else if (extensions.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

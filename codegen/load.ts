/** Reads what the generators need from the repository: the schema modules (for component names) and the version. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DefinitionModule } from './catalog';
import type { SchemaNames } from './jsonSchema';
import { schemaNamesFromModules } from './schemaNames';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..');

/** Files under a folder of the repository, as `/`-separated paths relative to the root. */
export function filesUnder(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f).split('\\').join('/'))
    .filter((f) => statSync(join(ROOT, f)).isFile());
}

/** Component names from every module of schemas/ (tests excluded). */
export async function loadSchemaNames(): Promise<SchemaNames> {
  const files = filesUnder('schemas').filter((f) => f.endsWith('.ts') && !/\.test\.tsx?$/.test(f));
  const modules = await Promise.all(
    files.map(async (f) => ({
      file: f.slice('schemas/'.length),
      exports: (await import(pathToFileURL(join(ROOT, f)).href)) as Record<string, unknown>,
    })),
  );
  return schemaNamesFromModules(modules);
}

/** Every module of definitions/ (tests excluded) with its exports: where the catalog finds each screen's file. */
export async function loadDefinitionModules(): Promise<DefinitionModule[]> {
  const files = filesUnder('definitions').filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  return Promise.all(
    files.map(async (file) => ({
      file,
      exports: (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>,
    })),
  );
}

/** `version` of package.json: the OpenAPI document's `info.version`. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Folders under `docs/` that hold only generated files (hand-written pages such as benchmarks.md sit beside them). */
const GENERATED_DOC_DIRS = ['areas', 'schemas', 'site'];

/** Generated files whose content differs from the disk or is missing, and files in generated folders no longer generated. */
export function staleFiles(files: ReadonlyMap<string, string>, dir: string): { changed: string[]; extra: string[] } {
  const changed = [...files.keys()].filter((p) => {
    const abs = join(ROOT, p);
    return !existsSync(abs) || readFileSync(abs, 'utf8') !== files.get(p);
  });
  const extra = GENERATED_DOC_DIRS.flatMap((d) => filesUnder(`${dir}/${d}`)).filter((p) => !files.has(p));
  return { changed, extra };
}

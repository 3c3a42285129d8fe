/**
 * Every generated file, as a pure function of the registry: `generate(registry)` → path → content. `main.ts`
 * writes the result (or, with `--check`, compares it with what is on disk).
 */
import { DEMO_ROLES } from '../schemas/demoRoles';
import type { Registry } from '../definitions/registry';
import { applications, catalogPath, FIELD_INDEX_PATH, generateCatalog, generateFieldIndex, screenSources, type DefinitionModule } from './catalog';
import { readFileSync } from 'node:fs';
import { XSRF_COOKIE, XSRF_HEADER } from '../schemas/constants';
import { generateCliAreas } from './cliAreas';
import { CLIENT_PATH, PUBLIC_CLIENT_PATH, generateClient, generateClientPackage, generatePublicClient, generateRouteGroups } from './client';
import { generateDocs, screenFieldLabels } from './docs';
import { generateEntitySchemas } from './entitySchemas';
import type { SchemaNames } from './jsonSchema';
import { byCodeUnits } from './names';
import { generateOpenApi } from './openapi';
import type { RoleTable } from './permissions';
import { generateSite } from './site';

/** Path of the OpenAPI document, relative to the repository root. */
export const OPENAPI_PATH = 'docs/openapi.json';
/** Every generated file lives here, except the client and the catalog. */
export const DOCS_DIR = 'docs';

export interface GenerateOptions {
  /** Component names of shared schemas (see schemaNames.ts); unnamed schemas are written inline. */
  readonly names?: SchemaNames;
  /** Users whose permissions the docs show; the demo users by default. */
  readonly roles?: RoleTable;
  /** `info.version` of the OpenAPI document. */
  readonly version?: string;
  /**
   * The modules of definitions/ (`loadDefinitionModules()`): with them the shell's catalog is generated too, each
   * screen loading lazily from the file that exports it.
   */
  readonly definitionModules?: readonly DefinitionModule[];
}

/** The client package's transport, copied into it as it is. */
const TRANSPORT_SOURCE = readFileSync(new URL('./clientPackage/transport.ts', import.meta.url), 'utf8');

/** The `portal` command's sources, copied into the client package as they are, and the versions it runs on. */
const CLI_SOURCE = readFileSync(new URL('./clientPackage/cli.ts', import.meta.url), 'utf8');
const CHANGES_SOURCE = readFileSync(new URL('../engine/core/changes.ts', import.meta.url), 'utf8');
const PROJECT_PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const cliDependencies = () =>
  Object.fromEntries(['tsx', 'yaml', 'zod'].map((name) => [name, PROJECT_PACKAGE.dependencies?.[name] ?? PROJECT_PACKAGE.devDependencies?.[name] ?? '*']));

/** Path (relative to the repository root) → content of every generated file. */
export function generate(registry: Registry, options: GenerateOptions = {}): Map<string, string> {
  const names = options.names ?? new Map();
  const doc = generateOpenApi(registry, { names, version: options.version ?? '0.0.0' });
  const json = new Map([[OPENAPI_PATH, JSON.stringify(doc, null, 2) + '\n'], ...generateEntitySchemas(doc)]);
  const markdown = generateDocs(registry, doc, { names, roles: options.roles ?? DEMO_ROLES });
  const files = new Map<string, string>([
    ...json,
    [CLIENT_PATH, generateClient(doc)],
    ...generateRouteGroups(doc),
    [PUBLIC_CLIENT_PATH, generatePublicClient(doc)],
    ...generateClientPackage(
      doc,
      TRANSPORT_SOURCE,
      { xsrfCookie: XSRF_COOKIE, xsrfHeader: XSRF_HEADER },
      { cli: CLI_SOURCE, changes: CHANGES_SOURCE, areas: generateCliAreas(registry), dependencies: cliDependencies() },
    ),
    ...markdown,
    ...generateSite(markdown, json),
  ]);
  if (options.definitionModules) {
    const sources = screenSources(registry, options.definitionModules);
    for (const application of applications(registry)) files.set(catalogPath(application), generateCatalog(registry, sources, application));
    files.set(FIELD_INDEX_PATH, generateFieldIndex(registry, (s) => screenFieldLabels(s, names)));
  }
  return new Map([...files].sort(([a], [b]) => byCodeUnits(a, b)));
}

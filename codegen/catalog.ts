/**
 * The shell's catalogs, one per application (the portal's src/generated/catalog.gen.ts, the provider console's
 * src/generated/catalog.provider.gen.ts): its sections and their screens' metadata as plain data (no zod), plus a
 * lazy loader per screen that imports its definition file. A page's start-up imports its application's catalog
 * instead of the registry, so the first download holds no area's schema and no other application's screens.
 */
import type { ScreenDef } from '../definitions/define';
import type { Registry } from '../definitions/registry';
import { applicationCatalog } from '../src/shell/catalog';
import { tsHeader } from './header';
import { isIdentifier } from './names';

/** Where the portal's catalog lives, relative to the repository root. */
export const CATALOG_PATH = 'src/generated/catalog.gen.ts';

/** The application a section without `application` belongs to. */
export const PORTAL_APPLICATION_ID = 'portal';

/** Where an application's catalog lives: the portal's at CATALOG_PATH, another's beside it, named after it. */
export const catalogPath = (application: string): string =>
  application === PORTAL_APPLICATION_ID ? CATALOG_PATH : CATALOG_PATH.replace(/\.gen\.ts$/, `.${application}.gen.ts`);

/** Every application of the registry's sections, the portal first. */
export function applications(registry: Registry): string[] {
  const ids = new Set([PORTAL_APPLICATION_ID, ...registry.sections.map((s) => s.application ?? PORTAL_APPLICATION_ID)]);
  return [...ids];
}

/** A module of definitions/: its path relative to the repository root and what it exports. */
export interface DefinitionModule {
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

/** Where a screen's definition is exported: file relative to the repository root, export name. */
export interface ScreenSource {
  readonly file: string;
  readonly exportName: string;
}

const isScreenLike = (v: unknown): v is { id: string } =>
  typeof v === 'object' && v !== null && 'id' in v && 'route' in v && 'kind' in v && (v as { kind: unknown }).kind !== 'section';

/**
 * The file and export of every registered screen, found by id among the modules' exports. Throws when a
 * registered screen is exported by none of them (the catalog could not load it lazily), or by a file under
 * definitions/ not named after the export (`definitions/policy/web/webBandwidth.ts` exports `webBandwidth`), so that
 * a screen is found by its name.
 */
export function screenSources(registry: Registry, modules: readonly DefinitionModule[]): Map<string, ScreenSource> {
  // The registry holds each screen with its section's defaults filled in, a copy of the exported definition: the
  // export is found by the screen's id.
  const byId = new Map<string, ScreenSource>();
  for (const m of [...modules].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    for (const [exportName, value] of Object.entries(m.exports)) {
      if (!isScreenLike(value) || byId.has(value.id)) continue;
      byId.set(value.id, { file: m.file, exportName });
    }
  }
  const sources = new Map<string, ScreenSource>();
  for (const screen of registry.screens) {
    const source = byId.get(screen.id);
    if (!source) {
      throw new Error(
        `Screen ${screen.id} is in the registry but no module under definitions/ exports it; export it as a named const from its definition file.`,
      );
    }
    const base = source.file.slice(source.file.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
    if (source.file.startsWith('definitions/') && base !== source.exportName) {
      throw new Error(`Screen ${screen.id} is exported as ${source.exportName} from ${source.file}; name the file ${source.exportName}.ts.`);
    }
    sources.set(screen.id, source);
  }
  return sources;
}

/**
 * The metadata the shell reads before a screen's definition is loaded (routes, navigation, guards, redirects); the
 * description comes with the definition, so it is not in the first download.
 */
function screenMeta(s: ScreenDef): Record<string, unknown> {
  return {
    id: s.id,
    kind: s.kind,
    title: s.title,
    route: s.route,
    nav: s.nav,
    read: s.read,
    write: s.write,
    env: s.env,
    feature: s.feature,
    view: s.kind === 'coreScreen' ? s.view : undefined,
    logType: s.kind === 'logView' ? s.logType : undefined,
    defaultFilters: s.kind === 'logView' ? s.defaultFilters : undefined,
  };
}

function literal(data: Record<string, unknown>, indent: string): string[] {
  return Object.entries(data)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${indent}${isIdentifier(k) ? k : JSON.stringify(k)}: ${JSON.stringify(v)},\n`);
}

/** `../../definitions/policy/web/sslBypass` from src/generated/ for `definitions/policy/web/sslBypass.ts`. */
function importPath(file: string): string {
  const from = CATALOG_PATH.split('/').slice(0, -1);
  const to = file.replace(/\.tsx?$/, '').split('/');
  let common = 0;
  while (common < from.length && from[common] === to[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...(up.length ? up : ['.']), ...to.slice(common)].join('/');
}

/**
 * The catalog module's source text of one application (the portal's by default): the sections it shows and their
 * screens, as `applicationCatalog` picks them; `sources` maps each screen id to where its definition is exported.
 */
export function generateCatalog(registry: Registry, sources: ReadonlyMap<string, ScreenSource>, application: string = PORTAL_APPLICATION_ID): string {
  const picked = applicationCatalog({ sections: registry.sections, screens: registry.screens }, application);
  const sections = picked.sections.map((s) => `    {\n${literal({ ...s }, '      ').join('')}    },\n`);
  const screens = picked.screens.map((s) => {
    const source = sources.get(s.id);
    if (!source) throw new Error(`Screen ${s.id}: no definition file is known for it.`);
    const exportName = isIdentifier(source.exportName) ? `.${source.exportName}` : `[${JSON.stringify(source.exportName)}]`;
    const load = `      load: () => import(${JSON.stringify(importPath(source.file))}).then((m) => m${exportName}),\n`;
    return `    {\n${literal(screenMeta(s), '      ').join('')}${load}    },\n`;
  });
  return [
    tsHeader(),
    '/**\n',
    ` * The shell's catalog of the ${application === PORTAL_APPLICATION_ID ? 'portal' : `${JSON.stringify(application)} application`}, derived from the registry (definitions/index.ts): its sections and\n`,
    ' * the metadata of their screens as plain data, and a lazy loader per screen for its full definition (with its schema).\n',
    ' */\n',
    "import type { Catalog } from '../shell/catalog';\n",
    '\n',
    'export const catalog: Catalog = {\n',
    '  sections: [\n',
    ...sections,
    '  ],\n',
    '  screens: [\n',
    ...screens,
    '  ],\n',
    '};\n',
  ].join('');
}

/** Where the field index lives, relative to the repository root. */
export const FIELD_INDEX_PATH = 'src/generated/fieldIndex.gen.ts';

/**
 * The field index module's source text: screen id → the labels of the fields it shows. The command palette loads
 * it when it first opens, so the labels stay out of the portal's first download.
 */
export function generateFieldIndex(registry: Registry, labelsOf: (screen: ScreenDef) => readonly string[]): string {
  const entries = registry.screens
    .map((s) => [s.id, labelsOf(s)] as const)
    .filter(([, labels]) => labels.length > 0)
    .map(([id, labels]) => `  ${JSON.stringify(id)}: ${JSON.stringify(labels)},\n`);
  return [
    tsHeader(),
    '/** The labels of the fields each document screen shows, for the command palette (screen id → labels). */\n',
    'export const fieldIndex: Readonly<Record<string, readonly string[]>> = {\n',
    ...entries,
    '};\n',
  ].join('');
}

/**
 * What the `portal` command of the client package knows of each policy area and settings page, as plain data derived
 * from the registry: its file name, its read and save operations, who may read and write it, where it runs, its
 * document's JSON Schema (zod's own conversion, turned back into zod by the command to check files before any call),
 * its rows' field, key and naming field, and what the change presenter needs to word a change as the publish review does.
 */
import { z } from 'zod';
import { isDocumentScreen, type DocumentScreen } from '../definitions/define';
import { documentRead } from '../definitions/derive';
import type { Registry } from '../definitions/registry';
import { changeDataOf, nameSourcesOf } from '../engine/render/changes/changeData';
// The type is declared once, in the command's own source, where the package's readers see it.
import type { CliArea, NameSource } from '../engine/generated/portal-client/cli';
import { PORTAL_APPLICATION_ID } from './catalog';
import { tsHeader } from './header';

/** The area of one document screen, worded by the same presenter data as the publish review (changeData.ts). */
export function cliArea(registry: Registry, screen: DocumentScreen): CliArea {
  const layout = screen.layout;
  const first = layout.kind === 'table' ? layout.columns[0] : undefined;
  const section = registry.sectionOf(screen);
  // Where the publish review finds the names of the ids its fields hold (another area's rows, or a lookup's answer).
  const names: Record<string, NameSource> = Object.fromEntries(
    Object.entries(nameSourcesOf(screen)).map(([path, from]) => {
      const source: NameSource =
        'screen' in from
          ? { read: documentRead(from.screen).id, staged: from.screen.endpoint.revision === 'staged', rows: from.rows, value: from.value, label: from.label }
          : { read: from.operation.id, staged: from.operation.path.includes('{rev}'), rows: from.list, value: from.value, label: from.label };
      return [path, source];
    }),
  );
  return {
    id: screen.id,
    title: screen.title,
    kind: screen.endpoint.revision === 'staged' ? 'policy' : 'settings',
    file: `${screen.id}.yaml`,
    read: screen.operationIds.read,
    save: screen.operationIds.save,
    readRule: screen.read,
    writeRule: screen.write ?? screen.read,
    env: screen.env ?? section?.env,
    ...(layout.kind === 'table'
      ? { rows: { field: layout.rows, key: layout.rowKey, labelField: (typeof first === 'string' ? first : first?.field) ?? layout.rowKey } }
      : {}),
    changes: changeDataOf(screen),
    ...(Object.keys(names).length ? { names } : {}),
    schema: z.toJSONSchema(screen.schema, { io: 'input', unrepresentable: 'any' }),
  };
}

/** Every policy area and settings page of the portal's own navigation (not the provider console's), by id. */
export function cliAreas(registry: Registry): CliArea[] {
  return registry.screens
    .filter(isDocumentScreen)
    .filter((s) => (registry.sectionOf(s)?.application ?? PORTAL_APPLICATION_ID) === PORTAL_APPLICATION_ID)
    .map((s) => cliArea(registry, s))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The package's `areas.ts`. */
export function generateCliAreas(registry: Registry): string {
  return [
    tsHeader(),
    '/** Every policy area and settings page the `portal` command exports, plans and applies (codegen/cliAreas.ts). */\n',
    "import type { CliArea } from './cli';\n",
    '\n',
    `export const AREAS: readonly CliArea[] = ${JSON.stringify(cliAreas(registry), null, 1)};\n`,
  ].join('');
}

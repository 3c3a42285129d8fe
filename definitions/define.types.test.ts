/**
 * What the define helpers infer, checked by the compiler (`npx tsc -p .`): `Expect<Equal<…>>` pins inferred types,
 * and each `@ts-expect-error` marks a typo that must not compile (an unused one fails the type check). The runtime
 * tests check the registry the helpers feed.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DLP_ACTION_COLOURS, WEB_ACTION_COLOURS } from '../schemas/logEnums';
import { logKindOps } from './api/logs';
import { reportWidget } from './api/reports';
import { validateStorage } from './api/settings';
import {
  actionForm,
  choicesFrom,
  collectionSummary,
  defineCollection,
  defineFormScreen,
  defineLogView,
  defineOperation,
  definePolicyArea,
  defineReport,
  defineSection,
  defineSettingsPage,
  idSegment,
  optionsFrom,
  rowDownload,
  screenFacts,
  type ArrayKeys,
  type ChoicesFrom,
  type CollectionDef,
  type LogViewDef,
  type OptionsFrom,
  type Path,
  type PolicyAreaDef,
  type RowOf,
  type SettingsPageDef,
} from './define';
import { logColumns } from './logs/logViewParts';
import { createRegistry } from './registry';
import { sections } from './sections';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const Rule = z.strictObject({ id: z.string(), host: z.string(), meta: z.object({ note: z.string() }) });
const Doc = z.strictObject({ list: z.array(Rule), enabled: z.boolean(), owner: z.object({ name: z.string() }) });
type DocT = z.infer<typeof Doc>;

const read = { any: ['web_policy:read'] } as const;
const write = { any: ['web_policy:write'] } as const;
const base = { description: 'A test area.', read, write, tag: 'test' };

const area = definePolicyArea({
  ...base,
  id: 'web.types',
  title: 'Types',
  route: '/policy/web/types',
  endpoint: { path: '/api/policy/v1/rules/types/{rev}' },
  schema: Doc,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: ['host', { field: 'meta', label: 'Note' }],
    rowFields: { 'meta.note': { widget: 'textarea' } },
    newRow: { host: '' },
    bulkImport: { columns: ['host'], maxRows: 100 },
  },
});

const settings = defineSettingsPage({
  ...base,
  id: 'settings.types',
  title: 'Types settings',
  route: '/settings/types',
  endpoint: { path: '/api/settings/v1/types', revision: 'none', save: 'POST' },
  schema: Doc,
  layout: { kind: 'form', fields: { 'owner.name': { label: 'Owner' }, 'list.0.host': { widget: 'text' } } },
});

const op = defineOperation({
  id: 'types.read',
  method: 'GET',
  path: '/api/types/{id}',
  summary: 'Read',
  params: z.object({ id: z.string() }),
  response: Doc,
  access: 'session',
  tag: 'test',
});

const section = defineSection({ id: 'types', title: 'Types', route: '/types', order: 1 });

const Item = z.object({ id: z.string(), name: z.string(), state: z.enum(['on', 'off']), note: z.string().optional() });
const listItems = defineOperation({ id: 'items.list', method: 'GET', path: '/api/items', summary: 'List', response: z.object({ items: z.array(Item) }), access: 'session', tag: 'test' });
const itemParams = z.strictObject({ id: z.string() });
const actOnItem = defineOperation({
  id: 'items.act',
  method: 'POST',
  path: '/api/items/{id}/act',
  summary: 'Act',
  params: itemParams,
  body: z.strictObject({ level: z.number(), choice: z.string(), keep: z.boolean().default(true) }),
  response: z.object({ job_id: z.string() }),
  access: 'session',
  tag: 'test',
});
const itemChoices = defineOperation({
  id: 'items.choices',
  method: 'GET',
  path: '/api/items/{id}/choices',
  summary: 'Choices',
  params: itemParams,
  response: z.object({ offered: z.array(z.object({ value: z.string(), text: z.string() })) }),
  access: 'session',
  tag: 'test',
});
const getItem = defineOperation({ id: 'items.get', method: 'GET', path: '/api/items/{id}', summary: 'Get', params: itemParams, response: Item, access: 'session', tag: 'test' });
const updateItem = defineOperation({
  id: 'items.update',
  method: 'PATCH',
  path: '/api/items/{id}',
  summary: 'Update',
  params: itemParams,
  body: z.strictObject({ note: z.string(), name: z.string() }),
  response: Item,
  access: 'session',
  tag: 'test',
});
const noteSchema = defineOperation({
  id: 'items.note-schema',
  method: 'GET',
  path: '/api/items/note-schema',
  summary: 'Schema of a note',
  query: z.strictObject({ state: z.enum(['on', 'off']) }),
  response: z.record(z.string(), z.unknown()),
  access: 'session',
  tag: 'test',
});
/** An export of an item in a format of its query (a POST, as some exports are), answering the file. */
const exportItem = defineOperation({
  id: 'items.export',
  method: 'POST',
  path: '/api/items/{id}/export',
  summary: 'Export',
  params: itemParams,
  query: z.strictObject({ format: z.enum(['json', 'csv']) }),
  response: z.string(),
  responseKind: 'text',
  access: 'session',
  tag: 'test',
});
/** A count of the items, the list's operation asked another way. */
const countItems = defineOperation({
  id: 'items.count',
  method: 'GET',
  path: '/api/items/count',
  summary: 'Count',
  query: z.strictObject({ state: z.enum(['on', 'off']).optional(), kind: z.enum(['count']).optional() }),
  response: z.object({ total: z.number() }),
  access: 'session',
  tag: 'test',
});
const collectionBase = { ...base, id: 'settings.items', title: 'Items', route: '/settings/items', operations: { list: listItems }, items: 'items', itemKey: 'id', columns: ['name'] } as const;
const items = defineCollection({
  ...collectionBase,
  rowActions: (action) => [
    action(actOnItem, {
      id: 'act',
      label: 'Act…',
      form: { choices: { choice: choicesFrom(itemChoices, 'offered', 'value', 'text') }, fields: { level: { label: 'Level' } } },
      when: { field: 'state', equals: ['on'] },
      job: true,
      success: (row, body) => `${row.name}: ${body.level}`,
    }),
  ],
});

// ---- what the helpers infer ---------------------------------------------------------------------------------------

export type Inferred = [
  Expect<Equal<Path<{ a: string; b: { c: number }; l: { x: boolean }[] }>, 'a' | 'b' | 'b.c' | 'l' | `l.${number}` | `l.${number}.x`>>,
  Expect<Equal<ArrayKeys<DocT>, 'list'>>,
  Expect<Equal<RowOf<DocT, 'list'>, { id: string; host: string; meta: { note: string } }>>,
  Expect<Equal<typeof area, PolicyAreaDef<typeof Doc>>>,
  Expect<Equal<typeof area.kind, 'policyArea'>>,
  Expect<Equal<typeof settings, SettingsPageDef<typeof Doc>>>,
  Expect<Equal<typeof op.id, 'types.read'>>,
  Expect<Equal<typeof op.method, 'GET'>>,
  Expect<Equal<typeof op.access, 'session'>>,
  Expect<Equal<typeof section.kind, 'section'>>,
  Expect<Equal<typeof section.route, '/types'>>,
];

// ---- typos that must not compile ----------------------------------------------------------------------------------

/** Never called: it only has to compile, with every typo refused where it is marked. */
export function typos(): unknown[] {
  return [
    definePolicyArea({
      ...base,
      id: 'x',
      title: 'x',
      route: '/policy/x',
      endpoint: { path: '/x/{rev}' },
      schema: Doc,
      layout: {
        kind: 'table',
        rows: 'list',
        // @ts-expect-error a row key that is no field of the row
        rowKey: 'idd',
        // @ts-expect-error a column that is no field of the row
        columns: ['hots'],
        // @ts-expect-error a row field hint on a path the row lacks
        rowFields: { 'meta.nope': {} },
        // @ts-expect-error a new-row default for a field the row lacks
        newRow: { hots: '' },
        // @ts-expect-error a bulk-import column the row lacks
        bulkImport: { columns: ['hots'], maxRows: 1 },
      },
    }),
    definePolicyArea({
      ...base,
      id: 'x',
      title: 'x',
      route: '/policy/x',
      endpoint: { path: '/x/{rev}' },
      schema: Doc,
      // @ts-expect-error rows must name an array of objects, not a boolean
      layout: { kind: 'table', rows: 'enabled', rowKey: 'id', columns: [] },
    }),
    definePolicyArea({
      ...base,
      id: 'x',
      title: 'x',
      route: '/policy/x',
      endpoint: { path: '/x/{rev}' },
      schema: Doc,
      // @ts-expect-error a column spec naming a field the row lacks
      layout: { kind: 'table', rows: 'list', rowKey: 'id', columns: [{ field: 'hots' }] },
    }),
    defineSettingsPage({
      ...base,
      id: 'x',
      title: 'x',
      route: '/settings/x',
      endpoint: { path: '/x', revision: 'none', save: 'PUT' },
      schema: Doc,
      layout: {
        kind: 'form',
        fields: {
          // @ts-expect-error a form field path with a typo
          'owner.nmae': {},
        },
      },
    }),
    defineSettingsPage({
      ...base,
      id: 'x',
      title: 'x',
      route: '/settings/x',
      endpoint: { path: '/x', revision: 'none', save: 'PUT' },
      schema: Doc,
      // @ts-expect-error a widget kind the engine does not know
      layout: { kind: 'form', fields: { enabled: { widget: 'toggle' } } },
    }),
    defineSettingsPage({
      ...base,
      id: 'x',
      title: 'x',
      route: '/settings/x',
      endpoint: { path: '/x', revision: 'none', save: 'PUT' },
      schema: Doc,
      layout: {
        kind: 'accordion',
        // @ts-expect-error an accordion panel listing a path the document lacks
        panels: [{ id: 'p', title: 'P', fields: ['owner', 'enabeld'] }],
      },
    }),
    defineSettingsPage({
      ...base,
      id: 'x',
      title: 'x',
      route: '/settings/x',
      endpoint: { path: '/x', revision: 'none', save: 'PUT' },
      schema: Doc,
      // @ts-expect-error a wizard step listing a path the document lacks
      layout: { kind: 'wizard', steps: [{ id: 's', title: 'S', fields: ['list.0.hots'] }] },
    }),
    definePolicyArea({
      ...base,
      // @ts-expect-error an access rule with both any and all
      read: { any: ['a:read'], all: ['b:read'] },
      id: 'x',
      title: 'x',
      route: '/policy/x',
      endpoint: { path: '/x/{rev}' },
      schema: Doc,
      layout: { kind: 'form' },
    }),
    defineOperation({
      id: 'x',
      // @ts-expect-error a method HTTP calls do not have here
      method: 'FETCH',
      path: '/x',
      summary: 'x',
      response: Doc,
      access: 'session',
      tag: 'x',
    }),
  ];
}

const screenBase = { description: 'x', read, title: 'x', route: '/x' } as const;

/** Never called: a typo in each kind of cross reference, refused where it is marked. */
export function referenceTypos(): unknown[] {
  return [
    // @ts-expect-error a fact read from a field the answer lacks
    screenFacts(listItems, { label: 'x', facts: (a) => [{ label: 'Items', value: a.count }] }),
    defineSettingsPage({
      ...base,
      id: 'x',
      title: 'x',
      route: '/settings/x',
      endpoint: { path: '/x', revision: 'none', save: 'PUT' },
      schema: Doc,
      layout: {
        kind: 'form',
        fields: {
          // @ts-expect-error showIf naming a field the document lacks
          'owner.name': { showIf: { field: 'enabeld', equals: [true] } },
          // @ts-expect-error an upload operation given by id instead of the operation
          enabled: { upload: { operation: 'pac.uploadTemplate' } },
        },
      },
    }),
    definePolicyArea({
      ...base,
      id: 'x',
      title: 'x',
      route: '/policy/x',
      endpoint: { path: '/x/{rev}' },
      schema: Doc,
      layout: {
        kind: 'table',
        rows: 'list',
        rowKey: 'id',
        columns: ['host'],
        // @ts-expect-error showIf of a row field naming a path the row lacks
        rowFields: { host: { showIf: { field: 'meta.nope', equals: [true] } } },
        // @ts-expect-error a row action operation given by id instead of the operation
        rowActions: [{ id: 'v', label: 'V', operation: 'storage.validate' }],
      },
    }),
    // @ts-expect-error options from a row field the source screen's rows lack
    optionsFrom(area, 'list', 'idd', 'host'),
    // @ts-expect-error options from a field of the source screen that is no list of rows
    optionsFrom(area, 'enabled', 'id', 'host'),
    // @ts-expect-error an option source written as a literal, unchecked: only optionsFrom() makes one
    { screen: area, rows: 'list', value: 'idd', label: 'host' } satisfies OptionsFrom,
    defineCollection({
      ...screenBase,
      id: 'x',
      operations: {
        list: op,
        // @ts-expect-error a collection operation given by id instead of the operation
        get: 'types.read',
        update: op,
      },
      items: 'list',
      itemKey: 'id',
      columns: [],
    }),
    // @ts-expect-error a collection column that is no field of the list's rows
    defineCollection({ ...collectionBase, columns: ['nmae'] }),
    // @ts-expect-error an item key that is no field of the list's rows
    defineCollection({ ...collectionBase, itemKey: 'idd' }),
    // @ts-expect-error a refresh condition on a field the rows lack
    defineCollection({ ...collectionBase, refreshWhile: [{ field: 'stat', equals: ['on'] }] }),
    // @ts-expect-error a filter that is no query parameter of the list operation (it takes none)
    defineCollection({ ...collectionBase, filters: ['search'] }),
    defineCollection({
      ...collectionBase,
      operations: { list: listItems, get: getItem, update: updateItem },
      // @ts-expect-error an edited field that is no field of the item `get` answers
      schemaField: 'ntoe',
      itemSchemaFrom: { operation: noteSchema, query: { state: 'state' } },
    }),
    defineCollection({
      ...collectionBase,
      operations: { list: listItems, get: getItem, update: updateItem },
      schemaField: 'note',
      // @ts-expect-error a schema query filled from a field the item lacks
      itemSchemaFrom: { operation: noteSchema, query: { state: 'stat' } },
    }),
    defineCollection({
      ...collectionBase,
      rowActions: (action) => [
        // @ts-expect-error a row action condition on a field the rows lack
        action(actOnItem, { id: 'a', label: 'A', when: { field: 'stat', equals: ['on'] }, success: () => 'x' }),
        // @ts-expect-error a constant body the operation does not take
        action(actOnItem, { id: 'b', label: 'B', body: { levle: 1, choice: 'x' }, success: () => 'x' }),
        // @ts-expect-error form hints for a field of no body
        action(actOnItem, { id: 'c', label: 'C', form: { fields: { levle: {} } }, success: () => 'x' }),
        // @ts-expect-error a constant query parameter the operation does not take
        action(exportItem, { id: 'd', label: 'D', query: { fromat: 'csv' }, download: { file: true, fileName: () => 'x' } }),
        // @ts-expect-error a query field asked in the dialog that the operation does not take
        action(exportItem, { id: 'e', label: 'E', form: { query: ['fromat'] }, download: { file: true, fileName: () => 'x' } }),
        // @ts-expect-error a value offered for a query field that its schema refuses
        action(exportItem, { id: 'f', label: 'F', form: { query: ['format'], offer: () => ({ format: ['pdf'] }) }, download: { file: true, fileName: () => 'x' } }),
        // A file's name is made from the row and the query sent...
        action(exportItem, { id: 'g', label: 'G', form: { query: ['format'] }, download: { file: true, fileName: (row, query) => `${row.name}.${query.format}` } }),
        // @ts-expect-error ...so it cannot read a field the rows lack
        action(exportItem, { id: 'h', label: 'H', form: { query: ['format'] }, download: { file: true, fileName: (row) => row.nmae } }),
      ],
    }),
    defineCollection({
      ...collectionBase,
      // @ts-expect-error a summary query parameter its operation does not take
      summary: collectionSummary(countItems, { query: { knid: 'count' }, label: 'number of items', line: ({ total }) => `${total} items` }),
    }),
    // @ts-expect-error a summary line reading a field the answer lacks
    collectionSummary(countItems, { label: 'number of items', line: ({ count }) => `${count} items` }),
    // @ts-expect-error a document row download whose query the operation does not take
    rowDownload(exportItem, { id: 'i', label: 'I', query: (row: z.infer<typeof Rule>) => ({ fromat: row.host }), download: { file: true, fileName: () => 'x' } }),
    // @ts-expect-error choices whose label is no field of the answer's entries
    choicesFrom(itemChoices, 'offered', 'value', 'txt'),
    // A detail line made from an entry is typed against the entries...
    choicesFrom(itemChoices, 'offered', 'value', 'text', { detail: (entry) => entry.text.toUpperCase() }),
    // @ts-expect-error ...so it cannot read a field they lack
    choicesFrom(itemChoices, 'offered', 'value', 'text', (entry) => entry.txt),
    // @ts-expect-error choices written as a literal, unchecked: only choicesFrom() makes them
    { operation: itemChoices, list: 'offered', value: 'value', label: 'txt' } satisfies ChoicesFrom,
    // @ts-expect-error a form's hints for a field neither its parameters nor its body hold
    actionForm(actOnItem, { submitLabel: 'Go', refused: 'No', success: () => 'x', fields: { levle: {} } }),
    defineLogView({
      ...screenBase,
      id: 'x',
      logType: 'web',
      operations: logKindOps.web,
      // @ts-expect-error a log view column that is no field of the log type's events
      columns: [{ field: 'usreid', label: 'User' }],
      // @ts-expect-error a log view filter that is no filter parameter of the log type
      filters: [{ param: 'usreid', label: 'User' }],
    }),
    defineLogView({
      ...screenBase,
      id: 'x',
      logType: 'audit',
      operations: logKindOps.audit,
      // @ts-expect-error a field of another log type's events (web's url is no audit field)
      columns: [{ field: 'url', label: 'URL' }],
      filters: [],
    }),
    // @ts-expect-error badge colours for a field the log kind's events lack (web's action is pe_action)
    logColumns('web', ['pe_action'], [], { action: WEB_ACTION_COLOURS }),
    // @ts-expect-error another enumeration's colours (DLP actions for the web action)
    logColumns('web', ['pe_action'], [], { pe_action: DLP_ACTION_COLOURS }),
    // @ts-expect-error a report name the catalogue does not have
    reportWidget('top_userz'),
    defineReport({
      ...screenBase,
      id: 'x',
      widgets: [
        {
          ...reportWidget('top_users'),
          title: 'x',
          chart: 'bar',
          // @ts-expect-error a drill-down parameter the log type cannot filter by
          drillDown: { logType: 'web', param: 'usreid' },
        },
      ],
    }),
  ];
}

// ---- the registry the helpers feed --------------------------------------------------------------------------------

const screen = (id: string, route: string) => ({ ...area, id, route });
const reg = (over: Partial<Parameters<typeof createRegistry>[0]>) =>
  createRegistry({ sections, screens: [area], operations: [], ...over });

describe('createRegistry', () => {
  it('derives a read and a save operation per document screen, the save checking the write rule', () => {
    const r = reg({ screens: [area, settings] });
    expect(r.operation('web.types.get')).toMatchObject({ method: 'GET', path: '/api/policy/v1/rules/types/{rev}', access: read, revision: 'staged' });
    expect(r.operation('web.types.save')).toMatchObject({ method: 'PUT', access: write, document: { screenId: 'web.types', role: 'save' } });
    expect(r.operation('settings.types.save')).toMatchObject({ method: 'POST', path: '/api/settings/v1/types', revision: undefined });
    expect(r.screen('web.types')).toMatchObject({ id: area.id, route: area.route, schema: area.schema });
  });

  it('gives a document screen that sets no env or feature its section\'s, so it is mounted only where the section is', () => {
    const r = reg({ screens: [area, settings] });
    const policy = sections.find((s) => s.id === 'policy')!;
    expect(area.env).toBeUndefined();
    expect(policy.env).toBeDefined();
    expect(r.operation('web.types.get')!.env).toEqual(policy.env);
    expect(r.operation('web.types.save')!.env).toEqual(policy.env);
    expect(r.sectionOf(area)).toBe(policy);
    expect(r.screen('web.types')).toMatchObject({ env: policy.env, feature: policy.feature });
    const own = { deployments: ['cloud'] } as const;
    expect(reg({ screens: [{ ...area, env: own }] }).operation('web.types.get')!.env).toBe(own);
  });

  it('refuses a screen id, a route, an operation id or a call listed twice', () => {
    expect(() => reg({ screens: [area, screen('web.types', '/policy/web/other')] })).toThrow(/Duplicate screen id.*web\.types/);
    expect(() => reg({ screens: [area, screen('web.other', '/policy/web/types')] })).toThrow(/Duplicate screen route.*\/policy\/web\/types/);
    expect(() => reg({ operations: [op, { ...op, path: '/api/other' }] })).toThrow(/Duplicate operation id.*types\.read/);
    expect(() => reg({ operations: [op, { ...op, id: 'types.again', path: '/api/types/{name}' }] })).toThrow(
      /Duplicate operation method and path.*GET \/api\/types\/\{\}/,
    );
    expect(() => reg({ sections: [...sections, { ...section, id: 'policy' }] })).toThrow(/Duplicate section id.*policy/);
  });

  it('refuses a storage version without one migration per earlier version, and two screens sharing a storage key', () => {
    const step = (body: Record<string, unknown>) => body;
    expect(() => reg({ screens: [{ ...area, storage: { version: 2 } }] })).toThrow(/web\.types: storage version 2 needs 1 migration/);
    expect(() => reg({ screens: [{ ...area, storage: { version: 0 } }] })).toThrow(/web\.types: storage version must be a whole number/);
    expect(() => reg({ screens: [{ ...area, storage: { version: 1, migrations: [step] } }] })).toThrow(/needs 0 migration/);
    // The area renamed: a new id and route, its rows still stored under the old id.
    const renamed = definePolicyArea({
      ...area,
      id: 'web.renamed',
      route: '/policy/web/renamed',
      endpoint: { path: '/api/policy/v1/rules/renamed/{rev}' },
      storage: { key: 'web.types', version: 2, migrations: [step] },
    });
    expect(() => reg({ screens: [area, renamed] })).toThrow(/Duplicate document storage key.*web\.types/);
    const r = reg({ screens: [renamed] });
    expect(r.documentScreen('web.types')?.id).toBe(renamed.id);
    expect(r.documentScreen('web.renamed')).toBeUndefined();
  });

  it('refuses a malformed access rule and a screen under no section', () => {
    const both = { any: ['a:read'], all: ['b:read'] } as unknown as typeof read;
    expect(() => reg({ screens: [{ ...area, read: both }] })).toThrow(/either "any" or "all"/);
    expect(() => reg({ screens: [{ ...area, write: {} as typeof write }] })).toThrow(/either "any" or "all"/);
    expect(() => reg({ operations: [{ ...op, access: { any: [1] } as unknown as typeof read }] })).toThrow(/permissions as strings/);
    expect(() => reg({ screens: [screen('web.lost', '/nowhere/lost')] })).toThrow(/web\.lost is under no section/);
  });

  it('refuses an id not of the one form: kebab-case segments, camelCase verbs only in operation ids', () => {
    expect(() => reg({ screens: [screen('web.ssl_bypass', '/policy/web/x')] })).toThrow(/screen or section id web\.ssl_bypass is not of the form/);
    expect(() => reg({ screens: [screen('web.sslBypass', '/policy/web/x')] })).toThrow(/web\.sslBypass is not of the form/);
    expect(() => reg({ operations: [{ ...op, id: 'reports.top_users' }] })).toThrow(/operation id reports\.top_users is not of the form/);
    expect(reg({ operations: [{ ...op, id: 'users.updateSettings' }] }).operation('users.updateSettings')).toBeDefined();
    expect(idSegment('top_categories_v2')).toBe('top-categories-v2');
  });

  it('refuses a reference to an operation or screen the registry does not hold, and a showIf on a missing field', () => {
    const withAction = (operation: typeof validateStorage) =>
      ({ ...area, layout: { ...area.layout, rowActions: [{ id: 'v', label: 'V', operation }] } }) as typeof area;
    expect(() => reg({ screens: [withAction(validateStorage)] })).toThrow(/row action v operation storage\.validate is not in the registry/);
    expect(reg({ screens: [withAction(validateStorage)], operations: [validateStorage] }).screen('web.types')).toBeDefined();
    const source = defineSettingsPage({ ...settings, id: 'settings.source', route: '/settings/source', endpoint: { ...settings.endpoint, path: '/x' } });
    const options = optionsFrom(source, 'list', 'id', 'host');
    const consumer = { ...settings, layout: { kind: 'form', fields: { 'owner.name': { optionsFrom: options } } } } as typeof settings;
    expect(() => reg({ screens: [consumer] })).toThrow(/takes options from settings\.source, which is no registered document screen/);
    expect(reg({ screens: [consumer, source] }).screen('settings.types')).toMatchObject({ id: consumer.id, layout: consumer.layout });
    const facts = (operation: typeof listItems | typeof itemChoices) => ({ ...settings, facts: screenFacts(operation, { label: 'Items', facts: () => [] }) });
    expect(() => reg({ screens: [facts(listItems)] })).toThrow(/facts operation items\.list is not in the registry/);
    expect(reg({ screens: [facts(listItems)], operations: [listItems] }).screen('settings.types')).toMatchObject({ facts: { label: 'Items' } });
    expect(() => reg({ screens: [facts(itemChoices)], operations: [itemChoices] })).toThrow(/its facts operation items\.choices is no GET without path parameters/);
    const hidden = { ...settings, layout: { kind: 'form', fields: { enabled: { showIf: { field: 'gone', equals: [true] } } } } };
    expect(() => reg({ screens: [hidden as unknown as typeof settings] })).toThrow(/shown by gone, which the schema lacks/);
  });

  it("checks a collection's row actions, choices and form against the operations they name", () => {
    const ops = [listItems, actOnItem, itemChoices];
    const withItems = (over: Partial<CollectionDef>) => reg({ screens: [{ ...items, ...over }], operations: ops });
    expect(withItems({}).screen('settings.items')).toBeDefined();
    expect(() => reg({ screens: [items], operations: [listItems, actOnItem] })).toThrow(/act choices \(choice\) operation items\.choices is not in the registry/);
    const [act] = items.rowActions!;
    const action = (over: object) => withItems({ rowActions: [{ ...act!, ...over }] });
    expect(() => action({ form: undefined, body: { level: 'high', choice: 'x' } })).toThrow(/row action act's body is refused by items\.act/);
    expect(() => action({ when: { field: 'gone', equals: [true] } })).toThrow(/row action act's condition names gone, which the rows of items\.list lack/);
    expect(() => action({ form: undefined, operation: itemChoices })).toThrow(/follows a job, but items\.choices answers no job_id/);
    expect(() => action({ form: { choices: { choice: { ...choicesFrom(itemChoices, 'offered', 'value', 'text'), label: 'txt' } } } })).toThrow(
      /takes choices from items\.choices offered, whose entries lack value or txt/,
    );
    expect(() => withItems({ itemParam: 'name' })).toThrow(/row action act operation items\.act has no path parameter name/);
    // An action on one thing a row stands for, whose call names no item, must pick that row out by the item key.
    expect(withItems({ itemParam: 'name', rowActions: [{ ...act!, form: undefined, singleton: true, when: { field: 'id', equals: ['a'] } }] }).screen('settings.items')).toBeDefined();
    expect(() => withItems({ itemParam: 'name', rowActions: [{ ...act!, form: undefined, singleton: true, when: { field: 'name', equals: ['a'] } }] })).toThrow(
      /row action act acts on one row without naming it, but its condition does not pick that row by id/,
    );
    expect(() => withItems({ columns: ['name', 'colour'] })).toThrow(/a column names colour, which the rows of items\.list lack/);
    expect(() => withItems({ schemaField: 'note' })).toThrow(/editing an item needs all of operations\.get, operations\.update, schemaField and itemSchemaFrom/);
    const form = defineFormScreen({ ...base, id: 'settings.act', title: 'Act', route: '/settings/act', form: actionForm(actOnItem, { submitLabel: 'Go', refused: 'No', success: () => 'x', job: true }) });
    expect(reg({ screens: [form], operations: ops }).screen('settings.act')).toMatchObject({ id: form.id, form: form.form });
    expect(() => reg({ screens: [{ ...form, form: { ...form.form!, operation: itemChoices } }], operations: ops })).toThrow(/its form follows a job, but items\.choices answers no job_id/);
    expect(() => reg({ screens: [{ ...form, form: undefined }], operations: ops })).toThrow(/a collection without a list operation needs a form/);
  });

  it("checks a collection's query actions and summary line against the operations they call", () => {
    const ops = [listItems, actOnItem, itemChoices, exportItem, countItems];
    const withItems = (over: Partial<CollectionDef>) => reg({ screens: [{ ...items, ...over }], operations: ops });
    const exporting = defineCollection({
      ...collectionBase,
      rowActions: (action) => [
        action(exportItem, { id: 'export', label: 'Export…', form: { query: ['format'] }, download: { file: true, fileName: (row, query) => `${row.name}.${query.format}` } }),
      ],
      summary: collectionSummary(countItems, { query: { kind: 'count' }, label: 'number of items', line: ({ total }) => `${total} items` }),
    });
    expect(withItems(exporting).screen('settings.items')).toMatchObject({ summary: { operation: countItems } });
    const [exportAction] = exporting.rowActions!;
    // Casts: each is a mistake the compiler refuses (typos); the registry refuses it too.
    expect(() => withItems({ ...exporting, rowActions: [{ ...exportAction!, form: { query: ['fromat'] } }] })).toThrow(
      /row action export sends the query parameter fromat, which items\.export does not take/,
    );
    expect(() => withItems({ ...exporting, rowActions: [{ ...exportAction!, query: { fromat: 'csv' } }] })).toThrow(/sends the query parameter fromat/);
    const deleting = { ...exportItem, method: 'DELETE' as const };
    expect(() => reg({ screens: [{ ...items, ...exporting, rowActions: [{ ...exportAction!, operation: deleting }] }], operations: [...ops.filter((o) => o !== exportItem), deleting] })).toThrow(
      /row action export saves a file, so it is a GET or POST of one row/,
    );
    expect(() => withItems({ summary: { ...exporting.summary!, query: { knid: 'count' } } })).toThrow(/its summary sends the query parameter knid, which items\.count does not take/);
    expect(() => withItems({ summary: { ...exporting.summary!, operation: actOnItem, query: undefined } })).toThrow(/its summary operation items\.act takes path parameters other than the screen's scope/);
    expect(() => reg({ screens: [{ ...items, ...exporting }], operations: ops.slice(0, 4) })).toThrow(/summary operation items\.count is not in the registry/);
  });

  it("checks a collection's item editor against what get answers, what update takes and the schema operation's query", () => {
    const ops = [listItems, actOnItem, itemChoices, getItem, updateItem, noteSchema];
    const editor = { ...items, operations: { list: listItems, get: getItem, update: updateItem }, schemaField: 'note', itemSchemaFrom: { operation: noteSchema, query: { state: 'state' } } };
    const withEditor = (over: Partial<CollectionDef>) => reg({ screens: [{ ...editor, ...over }], operations: ops });
    expect(withEditor({}).screen('settings.items')).toMatchObject({ schemaField: 'note' });
    expect(() => withEditor({ schemaField: 'gone' })).toThrow(/its schemaField gone is no field of what items\.get answers/);
    expect(() => withEditor({ schemaField: 'state' })).toThrow(/its schemaField state is no field of the body of items\.update/);
    expect(() => withEditor({ stampField: 'id' })).toThrow(/its stampField id is no field of the body of items\.update/);
    expect(() => withEditor({ itemSchemaFrom: { operation: noteSchema, query: { status: 'state' } } })).toThrow(
      /its item schema query names status, which is no query parameter of items\.note-schema/,
    );
    expect(() => withEditor({ itemSchemaFrom: { operation: noteSchema, query: { state: 'gone' } } })).toThrow(/its item schema query field gone is no field of what items\.get answers/);
  });

  it('checks a log view against its log kind: its operations, columns, screen fields and filters', () => {
    const view = defineLogView({
      ...screenBase,
      id: 'logs.types',
      route: '/logs/types',
      logType: 'web',
      operations: logKindOps.web,
      columns: [{ field: 'url', label: 'URL' }],
      filters: [{ param: 'userid', label: 'User' }],
    });
    const ops = [logKindOps.web.query, logKindOps.web.next, logKindOps.audit.query, logKindOps.audit.next];
    // Casts: each change below is a mistake the compiler refuses (referenceTypos); the registry refuses it too.
    const withView = (over: object) => reg({ screens: [{ ...view, ...over } as LogViewDef], operations: ops });
    expect(withView({}).screen('logs.types')).toMatchObject({ logType: 'web', columns: view.columns });
    expect(() => withView({ operations: logKindOps.audit })).toThrow(/logs\.types: its operations are not those of web logs/);
    expect(() => withView({ columns: [{ field: 'usreid', label: 'User' }] })).toThrow(/its column usreid is no field of web log events/);
    expect(() => withView({ screenFields: ['area'] })).toThrow(/its screen field area is no field of web log events/);
    expect(() => withView({ filters: [{ param: 'usreid', label: 'User' }] })).toThrow(/its filter usreid is no filter parameter of web logs/);
    expect(() => reg({ screens: [view], operations: ops.slice(2) })).toThrow(/its first page operation logs\.web\.query is not in the registry/);
  });

  it('refuses a document screen copied under a new id (its operations would keep the old id)', () => {
    expect(() => reg({ screens: [area, { ...settings, id: 'settings.copy', route: '/settings/copy' }] })).toThrow(
      /operation ids settings\.types\.get \/ settings\.types\.save belong to another id/,
    );
  });
});

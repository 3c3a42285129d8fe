/**
 * Builds a checked registry: every id and route listed once, every access rule well-formed, and every cross reference
 * of a screen (operations, option sources, showIf fields, the fields a collection or a log view names) pointing at
 * something registered or at a field of the schema it names.
 */
import { z } from 'zod';
import { assertAccessRule } from '../schemas/access';
import { LOG_EVENT_SCHEMAS, LOG_FILTERS } from '../schemas/logs';
import { logKindOps } from './api/logs';
import {
  documentOperationIds,
  documentStorage,
  isDocumentScreen,
  type ChoicesFrom,
  type CollectionDef,
  type DocumentScreen,
  type FieldHint,
  type JobFollow,
  type LogViewDef,
  type OperationDef,
  type ScreenDef,
  type SectionDef,
} from './define';
import { documentOperations, withSectionDefaults } from './derive';
import { bodyObjectOf, fieldAt, formSchemaOf } from './schemaPaths';

export interface Registry {
  readonly sections: readonly SectionDef[];
  readonly screens: readonly ScreenDef[];
  /** Every API operation: the hand-declared ones and those derived from document screens. */
  readonly operations: readonly OperationDef[];
  screen(id: string): ScreenDef | undefined;
  /** The document screen whose rows are stored under this key (its `storage.key`, by default its id). */
  documentScreen(storageKey: string): DocumentScreen | undefined;
  operation(id: string): OperationDef | undefined;
  /** The section a screen belongs to (the first segment of its route); its env and feature are the screen's defaults. */
  sectionOf(screen: ScreenDef): SectionDef | undefined;
}

function unique<T>(items: readonly T[], key: (t: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new Error(`Duplicate ${what} in the definition registry: ${k}`);
    seen.add(k);
  }
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;

/** Ids are dot-separated kebab-case segments; an operation's may also hold camelCase verbs (`users.updateSettings`). */
function assertIdForm(id: string, what: string, camelAllowed: boolean): void {
  if (!id.split('.').every((part) => KEBAB.test(part) || (camelAllowed && CAMEL.test(part)))) {
    throw new Error(`The ${what} ${id} is not of the form of ids: dot-separated kebab-case segments (e.g. web.ssl-bypass)`);
  }
}

export function createRegistry(input: {
  sections: readonly SectionDef[];
  screens: readonly ScreenDef[];
  operations: readonly OperationDef[];
}): Registry {
  const { sections } = input;
  const sectionOf = (s: ScreenDef) => sections.find((sec) => sec.route === '/' + s.route.split('/')[1]);
  const screens = input.screens.map((s) => withSectionDefaults(s, sectionOf(s)));
  const operations = [...input.operations, ...screens.filter(isDocumentScreen).flatMap(documentOperations)];
  for (const s of [...sections, ...screens]) assertIdForm(s.id, 'screen or section id', false);
  for (const o of operations) assertIdForm(o.id, 'operation id', true);
  unique(sections, (s) => s.id, 'section id');
  unique(sections, (s) => s.route, 'section route');
  unique(screens, (s) => s.id, 'screen id');
  unique(screens, (s) => s.route, 'screen route');
  unique(operations, (o) => o.id, 'operation id');
  const routes = operations.flatMap((o) => [o.path, ...(o.aliases ?? [])].map((path) => ({ ...o, path })));
  unique(routes, (o) => `${o.method} ${o.path.replace(/\{[^}]+\}/g, '{}')}`, 'operation method and path');
  for (const o of operations) for (const alias of o.aliases ?? []) assertSameParams(o, alias);
  for (const s of sections) if (s.access) assertAccessRule(s.access);
  for (const s of screens) {
    assertAccessRule(s.read);
    if (s.write) assertAccessRule(s.write);
    const top = '/' + s.route.split('/')[1];
    if (!sections.some((sec) => sec.route === top)) throw new Error(`Screen ${s.id} is under no section: ${s.route}`);
  }
  for (const o of operations) if (typeof o.access === 'object') assertAccessRule(o.access);
  const documentScreens = screens.filter(isDocumentScreen);
  unique(documentScreens, (s) => documentStorage(s).key, 'document storage key');
  for (const s of documentScreens) checkStorage(s);
  const screenByStorageKey = new Map(documentScreens.map((s) => [documentStorage(s).key, s]));
  const screenById = new Map(screens.map((s) => [s.id, s]));
  const opById = new Map(operations.map((o) => [o.id, o]));
  for (const s of screens) checkReferences(s, screenById, opById);
  return {
    sections,
    screens,
    operations,
    screen: (id) => screenById.get(id),
    documentScreen: (key) => screenByStorageKey.get(key),
    operation: (id) => opById.get(id),
    sectionOf,
  };
}

/** An alias names the same path parameters as the operation's path, so one handler serves both. */
function assertSameParams(o: OperationDef, alias: string): void {
  const names = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort().join(',');
  if (names(alias) !== names(o.path)) throw new Error(`Operation ${o.id}: its alias ${alias} must name the path parameters of ${o.path}`);
}

/** A storage version is a whole number from 1, with exactly one migration for each version before it. */
function checkStorage(s: DocumentScreen): void {
  const { version, migrations } = documentStorage(s);
  if (!Number.isInteger(version) || version < 1) throw new Error(`Screen ${s.id}: storage version must be a whole number from 1; got ${version}`);
  if (migrations.length !== version - 1) {
    throw new Error(`Screen ${s.id}: storage version ${version} needs ${version - 1} migration(s), one per earlier version; got ${migrations.length}`);
  }
}

// ---- cross references -------------------------------------------------------------------------------------------

function checkReferences(s: ScreenDef, screens: ReadonlyMap<string, ScreenDef>, ops: ReadonlyMap<string, OperationDef>): void {
  const fail = (what: string) => {
    throw new Error(`Screen ${s.id}: ${what}`);
  };
  const operation = (op: OperationDef | undefined, role: string) => {
    if (op && ops.get(op.id) !== op) fail(`its ${role} operation ${op.id} is not in the registry's operations`);
  };
  switch (s.kind) {
    case 'policyArea':
    case 'settingsPage':
      return checkDocumentReferences(s, fail, operation, screens);
    case 'collection':
      return checkCollectionReferences(s, fail, operation);
    case 'logView':
      return checkLogViewReferences(s, fail, operation);
    case 'report':
      for (const w of s.widgets) {
        operation(w.operation, `widget ${w.title}`);
        const view = [...screens.values()].find((v) => v.kind === 'logView' && v.logType === w.drillDown?.logType);
        if (w.drillDown && !view) fail(`widget ${w.title} drills into ${w.drillDown.logType} logs, which no log view shows`);
        if (w.drillReport && !s.widgets.some((x) => x.report === w.drillReport!.report)) fail(`widget ${w.title} opens ${w.drillReport.report}, which it has no chart of`);
      }
      for (const r of s.groups?.flatMap((g) => g.reports) ?? []) if (!s.widgets.some((w) => w.report === r)) fail(`its group lists ${r}, which it has no chart of`);
      if (s.arrange) {
        operation(s.arrange.get, 'layout read');
        operation(s.arrange.save, 'layout save');
      }
      return;
    case 'coreScreen':
      return;
  }
}

/** A log view calls its own log kind's operations; its columns and lookups are fields of that kind's events, its filters filter parameters. */
function checkLogViewReferences(s: LogViewDef, fail: (what: string) => void, operation: (op: OperationDef | undefined, role: string) => void): void {
  operation(s.operations.query, 'first page');
  operation(s.operations.next, 'next page');
  const own = logKindOps[s.logType];
  if (s.operations.query !== own.query || s.operations.next !== own.next) fail(`its operations are not those of ${s.logType} logs`);
  const events = LOG_EVENT_SCHEMAS[s.logType].shape as Readonly<Record<string, unknown>>;
  const filters = LOG_FILTERS[s.logType] as Readonly<Record<string, unknown>>;
  const event = (field: string, what: string) => {
    if (!Object.hasOwn(events, field)) fail(`${what} ${field} is no field of ${s.logType} log events`);
  };
  for (const c of s.columns) event(c.field, 'its column');
  for (const f of s.screenFields ?? []) event(f, 'its screen field');
  for (const [f, op] of Object.entries(s.lookups ?? {})) {
    event(f, 'its lookup field');
    operation(op, `lookup (${f})`);
  }
  for (const f of s.filters) if (!Object.hasOwn(filters, f.param)) fail(`its filter ${f.param} is no filter parameter of ${s.logType} logs`);
}

function checkDocumentReferences(
  s: DocumentScreen,
  fail: (what: string) => void,
  operation: (op: OperationDef | undefined, role: string) => void,
  screens: ReadonlyMap<string, ScreenDef>,
): void {
  const ids = documentOperationIds(s.id);
  if (s.operationIds.read !== ids.read || s.operationIds.save !== ids.save) {
    fail(`its operation ids ${s.operationIds.read} / ${s.operationIds.save} belong to another id (copied definition?)`);
  }
  const hints = (form: z.ZodType, fields: Readonly<Partial<Record<string, FieldHint>>> | undefined, where: string) => {
    for (const [path, hint] of Object.entries(fields ?? {})) {
      if (!hint) continue;
      if (!fieldAt(form, path)) fail(`${where} has hints for ${path}, which the schema lacks`);
      if (hint.showIf && !fieldAt(form, hint.showIf.field)) fail(`${where} field ${path} is shown by ${hint.showIf.field}, which the schema lacks`);
      operation(hint.upload?.operation, `upload (${path})`);
      const from = hint.optionsFrom;
      if (from && 'operation' in from) {
        operation(from.operation, `choices (${path})`);
        if (!choiceSourceOk(from)) fail(`${path} takes choices from ${from.operation.id} ${from.list}, whose entries lack ${from.value} or ${from.label}`);
      }
      else if (from) {
        const source = screens.get(from.screen.id);
        if (!source || !isDocumentScreen(source)) fail(`${path} takes options from ${from.screen.id}, which is no registered document screen`);
        else if (!fieldAt(source.schema, `${from.rows}.0.${from.value}`) || !fieldAt(source.schema, `${from.rows}.0.${from.label}`)) {
          fail(`${path} takes options from ${from.screen.id} rows ${from.rows}, whose rows lack ${from.value} or ${from.label}`);
        }
      }
    }
  };
  const layout = s.layout;
  if (layout.kind === 'table') {
    const row = fieldAt(s.schema, `${layout.rows}.0`);
    if (!row) return fail(`its table rows ${layout.rows} are no list of the schema`);
    hints(row, layout.rowFields, 'the row editor');
    for (const action of layout.rowActions ?? []) {
      const where = `row action ${action.id}`;
      operation(action.operation, where);
      if (action.when && !fieldAt(row, action.when.field)) fail(`${where}'s condition names ${action.when.field}, which the rows lack`);
      if (action.download && action.operation.method !== 'GET' && action.operation.method !== 'POST') fail(`${where} saves a file, so it is a GET or POST`);
    }
  } else hints(s.schema, layout.fields, 'the form');
  for (const d of s.downloads ?? []) {
    const where = `download ${d.id}`;
    operation(d.operation, where);
    // A download button changes nothing and names no item: a GET without path parameters but the staged revision
    // (`{rev}`), its query accepted.
    const stagedOnly = Object.keys(d.operation.params?.shape ?? {}).every((p) => p === 'rev') && d.operation.path.includes('{rev}');
    if (d.operation.method !== 'GET' || (d.operation.params && !stagedOnly)) fail(`${where}'s operation ${d.operation.id} is no GET without path parameters`);
    if (d.query && !d.operation.query?.safeParse(d.query).success) fail(`${where}'s query is refused by ${d.operation.id}`);
  }
  if (s.facts) {
    operation(s.facts.operation, 'facts');
    if (s.facts.operation.method !== 'GET' || s.facts.operation.params) fail(`its facts operation ${s.facts.operation.id} is no GET without path parameters`);
  }
}

function checkCollectionReferences(
  s: CollectionDef,
  fail: (what: string) => void,
  operation: (op: OperationDef | undefined, role: string) => void,
): void {
  for (const [role, op] of Object.entries(s.operations)) operation(op, role);
  const itemParam = s.itemParam ?? 'id';
  /** An operation whose only path parameter is the screen's scope, which every call of the screen is made with. */
  const scopeOnly = (op: OperationDef) => s.scope !== undefined && Object.keys(op.params?.shape ?? {}).every((p) => p === s.scope!.param);
  /** An operation that names an item takes the item parameter in its path. */
  const addressesItem = (op: OperationDef | undefined, role: string) => {
    if (op && !op.params?.shape[itemParam]) fail(`its ${role} operation ${op.id} has no path parameter ${itemParam} for the item`);
  };
  /** Each choices field is a field of the form, and its source answers a list with the named value and label. */
  const choicesOk = (
    body: z.ZodObject | undefined,
    choices: Readonly<Partial<Record<string, ChoicesFrom>>> | undefined,
    where: string,
    sourceOk: (op: OperationDef, where: string, params: ChoicesFrom['params']) => void,
  ) => {
    for (const [field, from] of Object.entries(choices ?? {})) {
      if (!from) continue;
      if (!body || !fieldAt(body, field)) fail(`${where} has choices for ${field}, which its form lacks`);
      operation(from.operation, `${where} choices (${field})`);
      sourceOk(from.operation, `${where} choices (${field})`, from.params);
      if (!choiceSourceOk(from)) fail(`${where} takes choices from ${from.operation.id} ${from.list}, whose entries lack ${from.value} or ${from.label}`);
    }
  };
  const answersJob = (op: OperationDef, job: JobFollow | undefined, role: string) => {
    if (job && !fieldAt(op.response, 'job_id')) fail(`its ${role} follows a job, but ${op.id} answers no job_id`);
  };
  const hinted = (schema: z.ZodType | undefined, fields: Readonly<Partial<Record<string, FieldHint>>> | undefined, where: string) => {
    for (const path of Object.keys(fields ?? {})) if (!schema || !fieldAt(schema, path)) fail(`${where} has hints for ${path}, which its form lacks`);
  };

  const editing = [s.operations.get, s.operations.update, s.schemaField, s.itemSchemaFrom];
  if (editing.some((x) => x !== undefined) && editing.some((x) => x === undefined)) {
    fail('editing an item needs all of operations.get, operations.update, schemaField and itemSchemaFrom');
  }
  operation(s.itemSchemaFrom?.operation, 'item schema');
  addressesItem(s.operations.get, 'get');
  addressesItem(s.operations.update, 'update');
  // The item editor reads these fields of the item `get` answers, and sends `schemaField` (with the stamp) to `update`.
  const { get, update } = s.operations;
  if (get && update && s.schemaField && s.itemSchemaFrom) {
    const itemField = (field: string, what: string) => {
      if (!fieldAt(get.response, field)) fail(`its ${what} ${field} is no field of what ${get.id} answers`);
    };
    itemField(s.schemaField, 'schemaField');
    if (!bodyObjectOf(update)?.shape[s.schemaField]) fail(`its schemaField ${s.schemaField} is no field of the body of ${update.id}`);
    if (s.stampField) {
      itemField(s.stampField, 'stampField');
      if (!bodyObjectOf(update)?.shape[s.stampField]) fail(`its stampField ${s.stampField} is no field of the body of ${update.id}`);
    }
    const { operation: from, query } = s.itemSchemaFrom;
    for (const [param, field] of Object.entries(query)) {
      if (!from.query?.shape[param]) fail(`its item schema query names ${param}, which is no query parameter of ${from.id}`);
      itemField(field, `item schema query field`);
    }
  }

  const { list } = s.operations;
  if (!list) {
    if (s.items || s.itemKey || s.columns || s.rowActions || s.createSchema || s.operations.batchDelete || s.schemaField) {
      fail('items, columns, row actions, create, delete and item editing need a list operation');
    }
    if (!s.form) fail('a collection without a list operation needs a form');
  } else {
    if (!s.items || !s.itemKey || !(s.columns ?? s.charts)) return fail('a list needs items, itemKey, and columns or charts');
    if (s.columns && s.charts) fail('a list is drawn as a table (columns) or as charts, not both');
    const row = fieldAt(list.response, `${s.items}.0`);
    if (!row) return fail(`its list operation ${list.id} answers no list ${s.items}`);
    const rowField = (field: string, where: string) => {
      if (!fieldAt(row, field)) fail(`${where} names ${field}, which the rows of ${list.id} lack`);
    };
    rowField(s.itemKey, 'its item key');
    if (s.charts) for (const [part, field] of Object.entries(s.charts)) rowField(field, `its charts' ${part}`);
    for (const c of s.columns ?? []) {
      rowField(typeof c === 'string' ? c : c.field, 'a column');
      if (typeof c !== 'string' && c.detail) rowField(c.detail.field, `column ${c.field}'s detail`);
    }
    for (const c of s.refreshWhile ?? []) rowField(c.field, 'refreshWhile');
    for (const f of s.filters ?? []) if (!list.query?.shape[f]) fail(`its filter ${f} is no query parameter of ${list.id}`);
    for (const [f, from] of Object.entries(s.filterChoices ?? {})) {
      if (!s.filters?.includes(f)) fail(`its filter choices name ${f}, which is none of its filters`);
      if (from) operation(from.operation, `the choices of filter ${f}`);
    }
    for (const a of s.rowActions ?? []) {
      const where = `row action ${a.id}`;
      operation(a.operation, where);
      // The row reaches the call as the item parameter, as a body made from it, as its form's field of that name, or
      // through the values its form starts from. (A form's field named as the item key starts at the row's key: a role
      // saved by its name.)
      const formShape = a.form === undefined ? undefined : bodyObjectOf(a.operation)?.shape;
      const fromRow =
        typeof a.body === 'function' ||
        a.form?.start !== undefined ||
        (formShape !== undefined && (formShape[itemParam] !== undefined || (s.itemKey !== undefined && formShape[s.itemKey] !== undefined)));
      if (a.singleton) {
        if (a.when?.field !== s.itemKey) fail(`${where} acts on one row without naming it, but its condition does not pick that row by ${s.itemKey}`);
      } else if (a.param) {
        if (!a.operation.params?.shape[a.param]) fail(`${where} sends the row's key as ${a.param}, which is no path parameter of ${a.operation.id}`);
      } else if (!fromRow) addressesItem(a.operation, where);
      answersJob(a.operation, a.job, where);
      if (!a.download && !a.success) fail(`${where} says neither how it succeeded (success) nor what it saves (download)`);
      // A download changes nothing (an export may still be a POST, e.g. with options in its query).
      if (a.download && (a.job || a.bulk || (a.operation.method !== 'GET' && a.operation.method !== 'POST'))) {
        fail(`${where} saves a file, so it is a GET or POST of one row, followed by no job`);
      }
      const queryKeys = [...(typeof a.query === 'object' ? Object.keys(a.query) : []), ...(a.form?.query ?? [])];
      for (const key of queryKeys) if (!a.operation.query?.shape[key]) fail(`${where} sends the query parameter ${key}, which ${a.operation.id} does not take`);
      if (a.when) rowField(a.when.field, `${where}'s condition`);
      if (a.body !== undefined && typeof a.body !== 'function' && !a.operation.body?.safeParse(a.body).success) {
        fail(`${where}'s body is refused by ${a.operation.id}`);
      }
      if (a.form) {
        const body = bodyObjectOf(a.operation);
        const asked = Object.fromEntries((a.form.query ?? []).flatMap((k) => (a.operation.query?.shape[k] ? [[k, a.operation.query.shape[k]]] : [])));
        if (!body && Object.keys(asked).length === 0) fail(`${where} asks for a body in a form, but ${a.operation.id} takes no object body`);
        hinted(z.strictObject({ ...asked, ...body?.shape }), a.form.fields, where);
        // A row's choices come from an operation about that row, about the screen's scope (the tenant's gateways),
        // about the staged revision (`{rev}` alone), or about no item at all.
        const atRevision = (op: OperationDef) => Object.keys(op.params?.shape ?? {}).every((p) => p === 'rev');
        choicesOk(body, a.form.choices, where, (op, w, params) => {
          if (!op.params || op.params.shape[itemParam] || scopeOnly(op) || atRevision(op) || params) return;
          addressesItem(op, w);
        });
      }
    }
  }
  if (s.summary) {
    const { operation: op, query } = s.summary;
    operation(op, 'summary');
    for (const key of Object.keys(query ?? {})) if (!op.query?.shape[key]) fail(`its summary sends the query parameter ${key}, which ${op.id} does not take`);
    // The line is asked with the screen's scope and nothing of a row.
    if (op.params && !scopeOnly(op)) fail(`its summary operation ${op.id} takes path parameters other than the screen's scope`);
  }
  if (s.bulkImport) {
    const { operation: op, list, columns } = s.bulkImport;
    operation(op, 'bulk import');
    const row = bodyObjectOf(op) && fieldAt(bodyObjectOf(op)!, `${list}.0`);
    if (!row) fail(`its bulk import sends no list ${list} to ${op.id}`);
    else for (const c of columns) if (!fieldAt(row, c)) fail(`its bulk import column ${c} is no field of the rows ${op.id} takes`);
  }
  if (s.browserCheck) {
    const { signIn, sites, results } = s.browserCheck;
    operation(signIn, 'browser check sign-in');
    operation(sites, 'browser check sites');
    operation(results, 'browser check results');
    if (!fieldAt(signIn.response, 'test_id') || !fieldAt(signIn.response, 'timeout_ms')) fail(`its browser check's sign-in ${signIn.id} answers no test_id and timeout_ms`);
    if (!fieldAt(sites.response, 'data.0.id') || !fieldAt(sites.response, 'data.0.url')) fail(`its browser check's sites ${sites.id} answer no data with id and url`);
    const body = bodyObjectOf(results);
    if (!body || !fieldAt(body, 'test_id') || !fieldAt(body, 'results.0.site_id') || !fieldAt(body, 'results.0.time_ms')) {
      fail(`its browser check's results ${results.id} take no test_id and results with site_id and time_ms`);
    }
  }
  if (s.scope) {
    const { param, choices } = s.scope;
    operation(choices.operation, 'scope choices');
    for (const [role, op] of Object.entries(s.operations)) if (op && !op.params?.shape[param]) fail(`its ${role} operation ${op.id} has no path parameter ${param} for its scope`);
    if (!choiceSourceOk(choices)) fail(`its scope's choices from ${choices.operation.id} lack ${choices.value}`);
  }
  if (s.form) {
    const { operation: op } = s.form;
    operation(op, 'form');
    operation(s.form.initial?.operation, 'form initial values');
    answersJob(op, s.form.job, 'form');
    const body = bodyObjectOf(op);
    if (op.body && !body) fail(`its form sends to ${op.id}, which takes no object body`);
    hinted(formSchemaOf(op), s.form.fields, 'its form');
    // A source's only path parameter may be `{rev}`, bound to the staged revision, or the screen's scope.
    const stagedOnly = (from: OperationDef) => Object.keys(from.params?.shape ?? {}).every((p) => p === 'rev') && from.path.includes('{rev}');
    choicesOk(formSchemaOf(op), s.form.choices, 'its form', (from, w, params) => from.params && !stagedOnly(from) && !scopeOnly(from) && !params && fail(`${w} takes choices from ${from.id}, which needs path parameters`));
    if (s.form.reveal && !fieldAt(op.response, s.form.reveal.field)) fail(`its form reveals ${s.form.reveal.field}, which ${op.id} does not answer`);
  }
}

/**
 * Whether a choice source's answer has its list with the named value and label in each entry, or (`stringChoicesFrom`,
 * no value named) a list of strings; and whether its constant parameters are path parameters of its operation.
 */
function choiceSourceOk(from: ChoicesFrom): boolean {
  const response = from.operation.response;
  const listed = from.value === '' ? fieldAt(response, `${from.list}.0`)?.def.type === 'string' : fieldAt(response, `${from.list}.0.${from.value}`) !== undefined && fieldAt(response, `${from.list}.0.${from.label}`) !== undefined;
  return listed && Object.keys(from.params ?? {}).every((p) => from.operation.params?.shape[p] !== undefined);
}

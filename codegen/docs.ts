/**
 * Markdown docs for auditors under docs/: an index, one page per area (purpose, route, endpoints, fields with types,
 * limits, validators and defaults, who may read and who may write), an API reference and a permission matrix of
 * areas against the demo users.
 */
import type { z } from 'zod';
import type { Roles } from '../schemas/access';
import type { PermissionRule } from '../schemas/permissions';
import { MESSAGES, PRODUCT_NAME, XSRF_HEADER } from '../schemas/constants';
import {
  API_ONLY_REASONS,
  documentStorage,
  isDocumentScreen,
  type AnyDocumentLayout,
  type FieldHint,
  type OperationDef,
  type ScreenDef,
  type SectionDef,
} from '../definitions/define';
import type { Registry } from '../definitions/registry';
import type { AreaEvaluation } from '../schemas/evaluate/types';
import { fieldRows, type FieldRow } from './fields';
import { htmlCommentHeader } from './header';
import { headingId } from './markdown';
import { convert, type JsonSchema, type SchemaNames } from './jsonSchema';
import type { OpenApiDocument } from './openapi';
import { allows, envText, ruleText, usersAllowed, type RoleTable } from './permissions';

/** Path of an area's page, relative to docs/. */
export const areaPage = (screenId: string): string => `areas/${screenId}.md`;

const KIND_TEXT: Record<ScreenDef['kind'], string> = {
  policyArea:
    'Policy area. Saved into the staged policy revision; the change reaches traffic when the revision is published.',
  settingsPage: 'Settings page. Saved directly; there is no revision to publish.',
  logView: 'Log view (read only).',
  report: 'Report (read only).',
  coreScreen: 'Screen of the portal core.',
  collection: 'Collection: items the server keeps one by one, each changed through its own calls (or, without a list, one form whose call may run as a job).',
};

const cell = (v: string): string => v.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;
/** Free text from a definition, with the characters Markdown would read as markup escaped. */
const text = (s: string): string => s.replace(/[\\`*_[\]]/g, '\\$&');

/** A Markdown pipe table. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n') + '\n';
}

const list = (names: readonly string[]): string => (names.length ? names.join(', ') : 'nobody');

const shown = (v: unknown): string => (v === undefined ? '' : code(JSON.stringify(v)));

function sectionOf(registry: Registry, screen: ScreenDef): SectionDef | undefined {
  const top = '/' + (screen.route.split('/')[1] ?? '');
  return registry.sections.find((s) => s.route === top);
}

/** `list.0.name` → `list[].name`: hint keys typed as paths, in the notation of the field table. */
const normalise = (path: string): string => path.replace(/\.\d+(?=\.|$)/g, '[]');

function hintsOf(layout: AnyDocumentLayout): Map<string, FieldHint & { column?: string }> {
  const out = new Map<string, FieldHint & { column?: string }>();
  if (layout.kind === 'table') {
    for (const c of layout.columns) {
      if (typeof c === 'object' && c.label) out.set(`${layout.rows}[].${c.field}`, { column: c.label });
    }
    for (const [k, h] of Object.entries(layout.rowFields ?? {})) {
      const path = `${layout.rows}[].${normalise(k)}`;
      if (h) out.set(path, { ...out.get(path), ...h });
    }
    return out;
  }
  for (const [k, h] of Object.entries(layout.fields ?? {})) if (h) out.set(normalise(k), h);
  return out;
}

function notes(row: FieldRow, hint: (FieldHint & { column?: string }) | undefined): string {
  const parts: string[] = [];
  if (row.description) parts.push(text(row.description));
  if (hint?.help) parts.push(text(hint.help));
  if (hint?.writeOnly) parts.push('Secret: never sent back in clear once saved; left unchanged when not retyped.');
  if (hint?.readOnly) parts.push('Read only in the portal.');
  if (hint?.widget === 'hidden') parts.push('Not shown in the portal.');
  if (hint?.accept?.length) parts.push(`Accepts files of type ${hint.accept.map(code).join(', ')}.`);
  if (hint?.showIf) parts.push(`Shown only while ${code(hint.showIf.field)} is ${hint.showIf.equals.map((v) => code(String(v))).join(' or ')}.`);
  return parts.map((p) => (/[.!?:]$/.test(p) ? p : `${p}.`)).join(' ');
}

/** Every field of a schema with the label the screen shows (hint label, column label, schema title, key). */
function labelledRows(zodSchema: z.ZodType, hints: ReadonlyMap<string, FieldHint & { column?: string }>, names: SchemaNames) {
  const { schema, defs } = convert(zodSchema, 'input', names);
  const resolve = (s: JsonSchema): JsonSchema => {
    const ref = s.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return s;
    const { $ref: _ref, ...siblings } = s;
    return { ...resolve(defs[ref.slice('#/$defs/'.length)] ?? {}), ...siblings };
  };
  const rows = fieldRows(schema, resolve).map((r) => {
    const hint = hints.get(r.path);
    const label = hint?.label ?? hint?.column ?? r.title ?? (r.path.endsWith('[]') ? '(each entry)' : (r.path.split('.').pop() ?? r.path));
    return { row: r, hint, label };
  });
  return { rows, top: resolve(schema) };
}

/** The labels of the fields a document screen shows (for the command palette); none for other screens. */
export function screenFieldLabels(screen: ScreenDef, names: SchemaNames): string[] {
  if (!isDocumentScreen(screen)) return [];
  const { rows } = labelledRows(screen.schema, hintsOf(screen.layout), names);
  // Only fields with a written label: a bare key (`currPosition`) is bookkeeping, not something an admin looks for.
  const shown = rows.filter(({ row, hint }) => hint?.widget !== 'hidden' && (hint?.label ?? hint?.column ?? row.title) !== undefined);
  return [...new Set(shown.map((r) => r.label))];
}

function fieldsTable(zodSchema: z.ZodType, hints: ReadonlyMap<string, FieldHint & { column?: string }>, names: SchemaNames): string {
  const { rows: labelled, top } = labelledRows(zodSchema, hints, names);
  const rows = labelled.map(({ row: r, hint, label }) => {
    const checks = [...r.limits, ...r.validators.map((v) => `${code(v.key)}: ${text(v.message)}`)];
    return [
      code(r.path),
      text(label),
      r.type,
      r.required ? 'yes' : 'no',
      r.hasDefault ? shown(r.defaultValue) : '',
      checks.join('; '),
      notes(r, hint),
    ];
  });
  const documentChecks = (top['x-validators'] as { key: string; message: string }[] | undefined) ?? [];
  const extra = documentChecks.length
    ? `\nRules across fields: ${documentChecks.map((v) => `${code(v.key)}: ${text(v.message)}`).join('; ')}.\n`
    : '';
  const strict = top.additionalProperties === false ? '\nNo keys other than these are accepted (`unrecognized_keys`).\n' : '';
  return table(['Field', 'Label', 'Type', 'Required', 'Default', 'Limits and validators (error key)', 'Notes'], rows) + strict + extra;
}

function layoutText(layout: AnyDocumentLayout): string {
  const fieldName = (c: string | { field: string; label?: string }) => text(typeof c === 'string' ? c : (c.label ?? c.field));
  switch (layout.kind) {
    case 'table': {
      const lines = [
        `A table of the rows in ${code(layout.rows)}, one row per entry, identified by ${code(layout.rowKey)}.`,
        `Columns: ${layout.columns.map(fieldName).join(', ')}.`,
      ];
      if (layout.rowPanels?.length) {
        lines.push(`A row is edited in panels: ${layout.rowPanels.map((p) => `${text(p.title)} (${p.fields.map(code).join(', ')})`).join('; ')}.`);
      }
      if (layout.orderable) lines.push('Rows are ordered; the order is saved and matters.');
      if (layout.newRow) lines.push(`A new row starts as ${code(JSON.stringify(layout.newRow))}.`);
      if (layout.bulkImport) {
        lines.push(`Bulk import: columns ${layout.bulkImport.columns.map(code).join(', ')}, at most ${layout.bulkImport.maxRows} rows.`);
      }
      if (layout.exportable) lines.push('The rows can be exported.');
      return lines.map((l) => `- ${l}`).join('\n') + '\n';
    }
    case 'form':
      return layout.groups?.length ? `A form in groups: ${layout.groups.map(text).join(', ')}.\n` : 'A form.\n';
    case 'accordion':
      return (
        'Panels:\n\n' +
        layout.panels.map((p) => `- ${text(p.title)}${p.optional ? ' (optional)' : ''}: ${p.fields.map(code).join(', ')}`).join('\n') +
        '\n'
      );
    case 'wizard':
      return 'Steps:\n\n' + layout.steps.map((s, i) => `${i + 1}. ${text(s.title)}: ${s.fields.map(code).join(', ')}`).join('\n') + '\n';
  }
}

/** An area's evaluation: each rule list with its order, conditions and decision, and the choices where the specification is silent. */
function evaluationText(evaluation: AreaEvaluation): string {
  const lists = evaluation.lists.map((l) => {
    const order = l.order === 'listed' ? 'in their listed order' : `sorted by action (${l.order.byAction.map(code).join(', ')} first)`;
    const action = 'constant' in l.action ? `always ${code(l.action.constant)}` : `the row's ${code(l.action.field)}`;
    const conditions = l.conditions.map((c) => `${text(c.label)} (${code(c.field)}, reads the request's ${code(c.attribute)})`).join('; ');
    return (
      `- **${text(l.title)}** (${code(l.rows)}): rows are consulted ${order}; the first whose conditions all hold decides the ` +
      `${code(l.decides)} decision at tier ${l.tier}, with ${action}.${l.enabled ? ` Rows with ${code(l.enabled)} false are skipped.` : ''}` +
      `${l.expires ? ` From the date in ${code(l.expires)} on, a row no longer applies.` : ''} Conditions: ${conditions}.`
    );
  });
  return `${lists.join('\n')}\n\nChoices where the specification is silent:\n\n${evaluation.choices.map((c) => `- ${text(c)}`).join('\n')}\n`;
}

function endpointsTable(ops: readonly OperationDef[], base: string): string {
  return table(
    ['Operation', 'Call', 'Permission'],
    ops.map((o) => [`[${code(o.id)}](${base}api.md#${headingId(o.id)})`, code(`${o.method} ${o.path}`), ruleText(o.access)]),
  );
}

/** What changing a screen needs: a document's save checks `write`, or `read` without one; other screens may declare `write`. */
const writeRule = (screen: ScreenDef): PermissionRule | undefined => (isDocumentScreen(screen) ? (screen.write ?? screen.read) : screen.write);

/** The calls behind a screen: a document's own read and save, or the operations guarded by the screen's own rules. */
function screenOperations(screen: ScreenDef, registry: Registry): OperationDef[] {
  if (isDocumentScreen(screen)) return registry.operations.filter((o) => o.document?.screenId === screen.id);
  const rules = [screen.read, screen.write].filter(Boolean).map((r) => JSON.stringify(r));
  return registry.operations.filter((o) => typeof o.access === 'object' && rules.includes(JSON.stringify(o.access)));
}

function accessSection(screen: ScreenDef, roles: RoleTable): string {
  const write = writeRule(screen);
  const rows = [
    ['Read', ruleText(screen.read), list(usersAllowed(screen.read, roles))],
    ...(write ? [['Write', ruleText(write), list(usersAllowed(write, roles))]] : []),
  ];
  return (
    table(['Action', 'Permission needed', 'Demo users allowed'], rows) +
    '\nThe server checks these permissions on every call (when the tenant has the `rbac` capability); the portal ' +
    'hides what a user may not use. Deny entries in a role beat allows.\n'
  );
}

function areaMarkdown(screen: ScreenDef, registry: Registry, names: SchemaNames, roles: RoleTable): string {
  const section = sectionOf(registry, screen);
  const facts: string[][] = [
    ['Route', code(`#${screen.route}`)],
    ['Section', section ? `${text(section.title)} (${code(`#${section.route}`)})` : '—'],
    ['Kind', KIND_TEXT[screen.kind]],
    ['Available in', envText(screen.env)],
    ['Feature flag', screen.feature ? code(screen.feature) : 'none'],
  ];
  const parts = [
    htmlCommentHeader(),
    `# ${text(screen.title)}\n`,
    `${text(screen.description)}\n`,
    table(['Property', 'Value'], facts),
    '## Who may read and who may write\n',
    accessSection(screen, roles),
  ];
  const ops = screenOperations(screen, registry);
  if (ops.length) parts.push('## Endpoints\n', endpointsTable(ops, '../'));
  if (isDocumentScreen(screen)) {
    const stamp =
      screen.endpoint.revision === 'staged'
        ? `The path's \`{rev}\` is the staged revision. A save sends the document with \`rev_id\`, \`state\` and ` +
          `\`updated_at\` as read; when someone saved in between, the save gets 409 ("${MESSAGES.staleSave}") and ` +
          'changes nothing. A successful save marks the revision "staged" until it is published.'
        : `A save sends the document with the \`updated_at\` it was read with; when someone saved in between, the save ` +
          `gets 409 ("${MESSAGES.staleSave}") and changes nothing.`;
    parts.push(
      `\n${stamp} Every save needs the \`${XSRF_HEADER}\` header; a body that breaks any rule below gets 400 with ` +
        'the field path and error key of each problem, and nothing is stored.\n',
    );
    const storage = documentStorage(screen);
    parts.push(
      `Stored under the key ${code(storage.key)} at schema version ${storage.version}` +
        (storage.version > 1 ? `; a document stored at an earlier version is migrated step by step when it is read` : '') +
        '. A stored document that cannot be read at this version is answered with an error (`documentUnreadable`), ' +
        'never passed through.\n',
    );
    parts.push('## Fields\n', fieldsTable(screen.schema, hintsOf(screen.layout), names));
    parts.push('\n## Layout\n', layoutText(screen.layout));
    if (screen.evaluation) parts.push('\n## How the rules decide a request\n', evaluationText(screen.evaluation));
  } else {
    for (const o of ops.filter((op) => op.body)) {
      parts.push(`## What \`${o.id}\` accepts\n`, fieldsTable(o.body!, new Map(), names));
    }
  }
  if (screen.kind === 'logView') {
    parts.push(
      '## Columns\n',
      table(['Field', 'Label'], screen.columns.map((c) => [code(c.field), text(c.label)])),
      '\n## Filters\n',
      table(
        ['Parameter', 'Label', 'Several values'],
        screen.filters.map((f) => [code(f.param), text(f.label), f.multiple ? 'yes' : 'no']),
      ),
    );
    if (screen.defaultFilters) parts.push(`\nDefault filters: ${code(new URLSearchParams(screen.defaultFilters).toString())}.\n`);
  } else if (screen.kind === 'report') {
    parts.push(
      '## Charts\n',
      table(
        ['Report', 'Title', 'Chart', 'Drill-down'],
        screen.widgets.map((w) => [code(w.report), text(w.title), w.chart, w.drillDown ? `${w.drillDown.logType} by ${code(w.drillDown.param)}` : '']),
      ),
    );
  }
  return parts.join('\n');
}

function indexMarkdown(registry: Registry, doc: OpenApiDocument, roles: RoleTable): string {
  const parts = [
    htmlCommentHeader(),
    `# ${PRODUCT_NAME}: configuration reference\n`,
    'For auditors: every area an administrator can see or change, its fields and their limits, and who may read ' +
      'or change it. Generated from the same definitions the portal and its API server run on, so it describes ' +
      'what is enforced.\n',
    '- [Permission matrix](permissions.md): areas against the demo users.',
    '- [Where settings take effect](settings-effects.md): each settings field, applied by this portal or by the service.',
    '- [API reference](api.md): every endpoint with its permission; machine-readable as [openapi.json](openapi.json).',
    '- [Calls for integrations and scripts](api-only.md): the endpoints no screen calls, with who calls them and why.',
    '- [JSON Schemas](#json-schemas) of every entity the API reads and writes.\n',
    '## Areas\n',
  ];
  for (const section of [...registry.sections].sort((a, b) => a.order - b.order)) {
    const screens = registry.screens.filter((s) => sectionOf(registry, s) === section);
    parts.push(`### ${text(section.title)}\n`);
    parts.push(
      `Route ${code(`#${section.route}`)}; open to ${section.access ? ruleText(section.access) : 'every signed-in user'}; ` +
        `${envText(section.env)}.\n`,
    );
    if (screens.length) {
      parts.push(
        table(
          ['Area', 'Route', 'Read', 'Write'],
          screens.map((s) => [
            `[${text(s.title)}](${areaPage(s.id)})`,
            code(`#${s.route}`),
            ruleText(s.read),
            writeRule(s) ? ruleText(writeRule(s)) : 'read only',
          ]),
        ),
      );
    }
  }
  parts.push('## Demo users\n', demoUsersTable(roles));
  parts.push(
    '## JSON Schemas\n',
    'Draft 2020-12, one file per entity; a name ending in `Input` is what a caller may send where it differs from ' +
      'what the server answers (defaults may be left out).\n',
    Object.keys(doc.components.schemas)
      .map((n) => `[${n}](schemas/${n}.json)`)
      .join(', ') + '\n',
  );
  return parts.join('\n');
}

function demoUsersTable(roles: RoleTable): string {
  const areas = (r: readonly string[]) => (r.length ? r.map((a) => (a === '*' ? 'every area' : code(a))).join(', ') : 'none');
  return table(
    ['User', 'Reads', 'Writes', 'Denied'],
    Object.entries(roles).map(([name, r]: [string, Roles]) => [code(name), areas(r.read), areas(r.write), areas(r.deny ?? [])]),
  );
}

function permissionsMarkdown(registry: Registry, roles: RoleTable): string {
  const users = Object.entries(roles);
  const areaRows = registry.screens.map((s) => {
    const cells = users.map(([, r]) => {
      const read = allows(s.read, r);
      const rule = writeRule(s);
      const write = rule !== undefined && allows(rule, r);
      return read && write ? 'read, write' : read ? 'read' : write ? 'write' : '—';
    });
    return [`[${text(s.title)}](${areaPage(s.id)})`, ...cells];
  });
  const sectionRows = [...registry.sections]
    .sort((a, b) => a.order - b.order)
    .map((s) => [
      `${text(s.title)} (${code(`#${s.route}`)}${s.hidden ? ', not in the navigation' : ''})`,
      ...users.map(([, r]) => (allows(s.access, r) ? 'may open' : '—')),
    ]);
  const opRows = registry.operations.map((o) => [
    `[${code(o.id)}](api.md#${headingId(o.id)})`,
    ...users.map(([, r]) => (o.access === 'public' ? 'anyone' : allows(o.access, r) ? 'yes' : '—')),
  ]);
  return [
    htmlCommentHeader(),
    '# Permission matrix\n',
    'Each area\'s read and write rule evaluated against the roles of the demo users (see the [index](index.md#demo-users)), ' +
      'with the same permission matcher the server enforces. Permissions are enforced when the tenant has the `rbac` ' +
      'capability, and not on an on-premises appliance outside a management station.\n',
    '## Areas\n',
    table(['Area', ...users.map(([u]) => code(u))], areaRows),
    '\n## Sections\n',
    table(['Section', ...users.map(([u]) => code(u))], sectionRows),
    '\n## Endpoints\n',
    table(['Operation', ...users.map(([u]) => code(u))], opRows),
  ].join('\n');
}

function settingsEffectsMarkdown(registry: Registry): string {
  const rows = registry.screens.filter(isDocumentScreen).filter((s) => s.kind === 'settingsPage').flatMap((s) =>
    Object.keys(s.schema.shape).map((field) => {
      const effect = s.effects?.fields?.[field as never] ?? s.effects?.all;
      const where = effect === undefined ? 'not declared' : effect.portal !== undefined ? 'this portal' : 'the service';
      const label = (s.schema.shape[field] as z.ZodType).meta()?.title;
      return [`[${text(s.title)}](${areaPage(s.id)})`, `${label ? `${text(String(label))} ` : ''}${code(field)}`, where, text(effect?.portal ?? effect?.service ?? '')];
    }),
  );
  return [
    htmlCommentHeader(),
    '# Where settings take effect\n',
    'Every field of every settings page: applied by this portal (the reference server enforces it), or configuring ' +
      'the isolation service or the appliance, which applies it (the portal stores the value and hands it over). ' +
      'Policy areas configure the service throughout.\n',
    table(['Page', 'Field', 'Takes effect in', 'What it does there'], rows),
  ].join('\n');
}

function apiMarkdown(registry: Registry): string {
  const parts = [
    htmlCommentHeader(),
    '# API reference\n',
    'Every endpoint of the reference server. The machine-readable description, with the request and response ' +
      'schemas, is [openapi.json](openapi.json). Errors answer `{ msg, errors?: [{ path, key, message }] }`: 400 when ' +
      'the request is not valid (nothing is changed), 401 without a session, 403 without the permission or without ' +
      `a matching \`${XSRF_HEADER}\` header, 409 for a stale save.\n`,
  ];
  const tags = [...new Set(registry.operations.map((o) => o.tag))];
  for (const tag of tags) {
    parts.push(`## ${tag}\n`);
    for (const o of registry.operations.filter((op) => op.tag === tag)) {
      const facts = [
        ['Call', code(`${o.method} ${o.path}`)],
        ['Permission', ruleText(o.access)],
        ...(o.revision ? [['Revision', '`{rev}` must be the staged revision']] : []),
        ['Available in', envText(o.env)],
        ...(o.feature ? [['Feature flag', code(o.feature)]] : []),
        ...(o.apiOnly ? [['Called by', `${API_ONLY_REASONS[o.apiOnly.reason]} only (no screen): ${text(o.apiOnly.why)}`]] : []),
        ...(o.document ? [['Area', `[${text(registry.screen(o.document.screenId)?.title ?? o.document.screenId)}](${areaPage(o.document.screenId)})`]] : []),
      ];
      parts.push(`### ${o.id}\n`, `${text(o.summary)}.\n`, table(['Property', 'Value'], facts));
    }
  }
  return parts.join('\n');
}

/** The operations no screen or flow of the portal calls: who calls each and why. */
function apiOnlyMarkdown(registry: Registry): string {
  const marked = registry.operations.filter((o) => o.apiOnly);
  return [
    htmlCommentHeader(),
    '# Calls for integrations and scripts\n',
    `Every endpoint is called from a screen or a flow of the portal except these ${marked.length} of ` +
      `${registry.operations.length}: they serve integrations, scripts (the typed client) or a log collector. Each is ` +
      'permission-checked like any other call.\n',
    table(
      ['Endpoint', 'Call', 'Called by', 'Why no screen calls it', 'Permission'],
      marked.map((o) => [
        `[${code(o.id)}](api.md#${headingId(o.id)})`,
        code(`${o.method} ${o.path}`),
        API_ONLY_REASONS[o.apiOnly!.reason],
        text(o.apiOnly!.why),
        ruleText(o.access),
      ]),
    ),
  ].join('\n');
}

/** File path (under docs/) → Markdown of every auditor page. */
export function generateDocs(
  registry: Registry,
  doc: OpenApiDocument,
  options: { names: SchemaNames; roles: RoleTable },
): Map<string, string> {
  const out = new Map<string, string>();
  const tidy = (md: string) => md.replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '\n');
  out.set('docs/index.md', tidy(indexMarkdown(registry, doc, options.roles)));
  out.set('docs/permissions.md', tidy(permissionsMarkdown(registry, options.roles)));
  out.set('docs/api.md', tidy(apiMarkdown(registry)));
  out.set('docs/settings-effects.md', tidy(settingsEffectsMarkdown(registry)));
  out.set('docs/api-only.md', tidy(apiOnlyMarkdown(registry)));
  for (const screen of registry.screens) {
    out.set(`docs/${areaPage(screen.id)}`, tidy(areaMarkdown(screen, registry, options.names, options.roles)));
  }
  return out;
}

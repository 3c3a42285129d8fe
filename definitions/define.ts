/**
 * The definition language. Every `defineX` helper is an identity function that tags the kind and lets TypeScript
 * infer the rest, so a typo in a field path or a column name is a compile error. Nothing here imports React or Node.
 */
import type { z } from 'zod';
import type { EnvRule, FeatureFlag } from '../schemas/access';
import type { FieldGate } from '../schemas/fieldGates';
import type { AreaEvaluation } from '../schemas/evaluate/types';
import type { LOG_FILTERS, LogEventOf, LogType } from '../schemas/logs';
import type { PermissionRule } from '../schemas/permissions';
export type { PermissionRule, RequiredPermission } from '../schemas/permissions';
import type { ReportName } from '../schemas/reports';
import type { LogKindOps } from './api/logs';
import type { ReportQueryOp } from './api/reports';

export * from './operation';
import type { OperationDef } from './operation';

/** Top-level section of the shell (spec 000 §2 routes): access rule, environment rule, title. */
/** The onboarding spotlight's targets (spec 000 §2): exactly one of them, or none, is highlighted at a time. */
export const SPOTLIGHT_TARGETS = [
  'sideNavigation',
  'appSwitcher',
  'documentation',
  'docArchiveNav',
  'fileDownloadNav',
  'fileUploadNav',
] as const;
export type SpotlightTarget = (typeof SPOTLIGHT_TARGETS)[number];

/** A section's navigation entry as a step of the onboarding tour: the target it is, and what the step tells. */
export interface SectionSpotlight {
  readonly target: SpotlightTarget;
  readonly title: string;
  readonly text: string;
}

export interface SectionDef {
  readonly kind: 'section';
  readonly id: string;
  readonly title: string;
  /** Hash route, e.g. `/policy`. */
  readonly route: string;
  readonly access?: PermissionRule;
  readonly env?: EnvRule;
  readonly feature?: FeatureFlag;
  /** Order in the navigation. */
  readonly order: number;
  /** A full page load to this address instead of a hash route (e.g. `/insights`). */
  readonly externalHref?: string;
  /** Not shown in the navigation (e.g. contact-form). */
  readonly hidden?: boolean;
  /** The section's navigation entry is this onboarding target. */
  readonly spotlight?: SectionSpotlight;
  /**
   * The application whose navigation holds the section (each application is a page of its own with its own
   * navigation, built by the same shell); default `portal`, the tenant's admin portal.
   */
  readonly application?: string;
  /** A note shown above the section's screens where `env` applies, until the administrator dismisses it. */
  readonly welcome?: { readonly title: string; readonly text: string; readonly env: EnvRule };
}
export const defineSection = <const S extends Omit<SectionDef, 'kind'>>(s: S): S & { readonly kind: 'section' } => ({
  ...s,
  kind: 'section',
});

// ---- field paths typed against the schema ------------------------------------------------------------------------

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date;
/** Dotted paths into T; array elements appear as `list.${number}`. */
export type Path<T> = T extends Primitive
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | `${number}.${Path<E>}`
    : { [K in keyof T & string]: T[K] extends Primitive ? K : K | `${K}.${Path<T[K]>}` }[keyof T & string];

/** Keys of T whose value is an array of objects (rule lists). */
export type ArrayKeys<T> = { [K in keyof T & string]: NonNullable<T[K]> extends readonly object[] ? K : never }[keyof T &
  string];
/** Keys of T whose value is an array of strings (names, domains). */
export type StringArrayKeys<T> = { [K in keyof T & string]: NonNullable<T[K]> extends readonly string[] ? K : never }[keyof T & string];
export type RowOf<T, K extends keyof T> = NonNullable<T[K]> extends readonly (infer E)[] ? E : never;
/** The value at a dotted path of T (array elements by `${number}`). */
export type PathValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, Rest>
    : NonNullable<T> extends readonly (infer E)[]
      ? PathValue<NonNullable<E>, Rest>
      : never
  : P extends keyof T
    ? T[P]
    : NonNullable<T> extends readonly (infer E)[]
      ? E
      : never;
/** The element of an array value (a nested table's row). */
export type ElementOf<V> = NonNullable<V> extends readonly (infer E)[] ? E : never;

/** The widgets a field can ask for; the engine maps each to a component and warns on an unknown one. */
export type WidgetKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'checkbox'
  | 'select'
  | 'multiselect'
  | 'segmented'
  | 'password'
  | 'secret'
  | 'tags'
  | 'dualList'
  | 'checkboxGroup'
  | 'upload'
  | 'table'
  | 'keyValue'
  | 'jsonView'
  | 'date'
  | 'datetime'
  | 'hidden';

/** Show a field only while another field (a path `F` of the same form) has one of these values; a hidden field is not validated. */
export interface ShowIf<F extends string = string> {
  readonly field: F;
  readonly equals: readonly (string | number | boolean)[];
}

/**
 * A list of objects inside a document, edited as a table of its own (`widget: 'table'`, inferred for arrays of
 * objects): add, edit in a row form, delete, reorder. `R` is the row type.
 */
export interface NestedTableHint<R = Record<string, unknown>> {
  /** Row fields shown as columns (default: the first few plain fields). */
  readonly columns?: readonly (keyof R & string)[];
  /** Field hints of the row form. */
  readonly rowFields?: FieldHints<R>;
  /** When set, the row form is the rule accordion with these panels in order. */
  readonly rowPanels?: readonly AccordionPanel<R>[];
  /** New-row defaults. */
  readonly newRow?: Partial<R>;
  /** What one row is called in buttons and dialogs, e.g. `rule` (default `entry`). */
  readonly itemLabel?: string;
}

/** How a field is shown; `V` is its value type, `F` the union of the form's field paths that `showIf` may name. */
export interface FieldHint<V = unknown, F extends string = string> {
  /** Overrides the schema's `title`. */
  readonly label?: string;
  readonly widget?: WidgetKind;
  readonly group?: string;
  readonly order?: number;
  readonly showIf?: ShowIf<F>;
  readonly help?: string;
  readonly placeholder?: string;
  /** A secret: never sent back in clear once saved; left unchanged when not retyped. */
  readonly writeOnly?: boolean;
  readonly readOnly?: boolean;
  /**
   * A number field typed in another unit than it is kept in: the field shows the value times this factor and keeps
   * what is typed divided by it (a time-out kept in days and typed in minutes: 1440). The label names the shown unit.
   */
  readonly unitFactor?: number;
  /** File types an `upload` field accepts, as extensions with the dot (e.g. `.pac`); on a `textarea`, files whose text it can read. */
  readonly accept?: readonly string[];
  /**
   * An `upload` field whose file goes straight to an operation (body `{ [contentField]: text, [nameField]: name }`)
   * instead of into the document; the field keeps the file name.
   */
  readonly upload?: UploadHint;
  /**
   * The choices of a select, multiselect or dual list: the rows of another document screen (`optionsFrom(screen, ...)`)
   * or a lookup operation's answer (`choicesFrom(operation, ...)`; a `{rev}` in its path is the staged revision). A
   * collection column of the field shows the choices' names instead of the ids.
   */
  readonly optionsFrom?: OptionSource;
  /**
   * A read-only check of the value as it is typed or read from a file: the value goes to `operation` as
   * `{ [field]: value }` (an operation that stores nothing, e.g. certificate decoding) and its answer, or its refusal,
   * is shown under the field (a text, textarea or tags field).
   */
  readonly preview?: { readonly operation: OperationDef; readonly field: string };
  /** Columns, row form and new-row defaults of a `table` field (a list of objects). */
  readonly table?: [ElementOf<V>] extends [never] ? NestedTableHint : NestedTableHint<ElementOf<V>>;
}

/** Where an `upload` field sends the chosen file. */
export interface UploadHint {
  /** The operation that receives the file. */
  readonly operation: OperationDef;
  /** Body field of the file's text (default `content`). */
  readonly contentField?: string;
  /** Body field of the file's name (default `filename`). */
  readonly nameField?: string;
}

declare const checkedOptions: unique symbol;
/**
 * Choices from another document screen: the rows of its array field, a value field and a label field. Made only by
 * `optionsFrom(screen, rows, value, label)`, which checks the three names against that screen's schema.
 */
export interface OptionsFrom {
  /** The document screen whose read operation is called. */
  readonly screen: Pick<DocumentScreen, 'id' | 'operationIds'> & { readonly endpoint: Pick<DocumentScreen['endpoint'], 'revision'> };
  readonly rows: string;
  readonly value: string;
  readonly label: string;
  readonly [checkedOptions]: true;
}

/** Where a field's choices come from: another screen's document, or a lookup operation's answer. */
export type OptionSource = OptionsFrom | ChoicesFrom;

/** The choices of a select from `screen`'s rows (`rows`, an array of objects) with their `value` and `label` fields. */
export function optionsFrom<S extends z.ZodObject, K extends ArrayKeys<z.infer<S>>>(
  screen: DocumentScreenDef<S>,
  rows: K,
  value: keyof RowOf<z.infer<S>, K> & string,
  label: keyof RowOf<z.infer<S>, K> & string,
): OptionsFrom {
  return { screen, rows, value, label } as Omit<OptionsFrom, typeof checkedOptions> as OptionsFrom;
}

/**
 * A row action of a document table, in the row's menu: calls an operation with the row as body and shows the
 * answer's `message`; or, with `download`, calls it with `query` made from the row and saves the answer as a file.
 * `R` is the row type.
 */
export interface RowAction<R = Readonly<Record<string, unknown>>> {
  readonly id: string;
  readonly label: string;
  readonly operation: OperationDef;
  /** The call's query parameters, from the row; the call then sends no body. */
  query?(row: R): Readonly<Record<string, string>>;
  /**
   * The answer is saved as a file (an export of the row as the server keeps it): offered to readers too, and only for
   * a row saved as shown (an unsaved change would not be in the file).
   */
  readonly download?: DownloadSpec<never, R> | FileDownloadSpec<R>;
  /** Offered only for rows that meet it. */
  readonly when?: RowCondition;
}
/**
 * A document table's row action that saves `operation`'s answer as a file, its query typed against the operation
 * and made from the row (e.g. `{ uuid }` of the row). The row type comes from `query`'s parameter: annotate it with the
 * table's row type (`(profile: ClientProfile) => ...`), and the other callbacks are typed from it.
 */
export const rowDownload = <const O extends OperationDef, R>(
  operation: O,
  spec: Omit<RowAction<R>, 'operation' | 'query' | 'download' | 'when'> & {
    query(row: R): QueryStrings<O>;
    readonly when?: RowCondition<keyof R & string>;
    readonly download: DownloadSpec<z.infer<O['response']>, R> | FileDownloadSpec<R>;
  },
): RowAction<R> => ({ ...spec, operation }) as RowAction<R>;
export type FieldHints<T> = { readonly [P in Path<T>]?: FieldHint<PathValue<T, P>, Path<T>> };

/**
 * A table column; `K` is the union of the row's field names. Widths come from the column's kind (text, yes/no,
 * enumeration, number, date) unless these hints say otherwise; a table whose columns do not fit scrolls inside its
 * card instead of squeezing them.
 */
export interface ColumnSpec<K extends string = string> {
  readonly field: K;
  readonly label?: string;
  /** Share of the spare width the column takes (0: it keeps its minimum width). */
  readonly flex?: number;
  readonly center?: boolean;
  /** Narrowest width in px. */
  readonly minWidth?: number;
  /** Widest width in px (while a column without a maximum can take the rest). */
  readonly maxWidth?: number;
  /** Long text stays on one line, cut with an ellipsis and shown whole as a tooltip (default); false wraps it. */
  readonly truncate?: boolean;
  readonly sortable?: boolean;
  readonly reverseSort?: boolean;
  /** How to show the value: as text (default), a yes/no badge, a count of items, bytes, a date. */
  readonly format?: 'text' | 'boolean' | 'count' | 'bytes' | 'datetime' | 'enumLabel';
  /**
   * A secondary column: hidden by default while the table is too narrow to show every column at the width its
   * values need (the later of such columns hide first; the column chooser shows them, and a choice made there wins).
   */
  readonly secondary?: boolean;
}

/** One table of a table layout: the rows of array field `K` of the document. */
type TableOf<T, K extends ArrayKeys<T>> = {
  readonly kind: 'table';
  /** The array field holding the rows. */
  readonly rows: K;
  readonly columns: readonly (ColumnSpec<keyof RowOf<T, K> & string> | (keyof RowOf<T, K> & string))[];
  /** Field that identifies a row (tracking key for selection and polling). */
  readonly rowKey: keyof RowOf<T, K> & string;
  readonly orderable?: boolean;
  /** Field hints of the row editor form. */
  readonly rowFields?: FieldHints<RowOf<T, K>>;
  /** When set, the row editor is the rule accordion (spec 002 §4) with these panels in order; paths are row fields. */
  readonly rowPanels?: readonly AccordionPanel<RowOf<T, K>>[];
  /** New-row defaults for the row editor. */
  readonly newRow?: Partial<RowOf<T, K>>;
  readonly bulkImport?: { readonly columns: readonly (keyof RowOf<T, K> & string)[]; readonly maxRows: number };
  readonly exportable?: boolean;
  /** Rows per page (10, 25, 50 or 100); 0 or absent shows every row in one virtualised list. */
  readonly pageSize?: number;
  readonly rowActions?: readonly RowAction<RowOf<T, K>>[];
};

export type TableLayout<T> = {
  [K in ArrayKeys<T>]: TableOf<T, K> & {
    /** More lists of the same document, each a table of its own under its title, saved with the first. */
    readonly tables?: readonly { [J in ArrayKeys<T>]: TableOf<T, J> & { readonly title: string } }[ArrayKeys<T>][];
  };
}[ArrayKeys<T>];

export interface FormLayout<T> {
  readonly kind: 'form';
  readonly fields?: FieldHints<T>;
  /** Group titles in display order. */
  readonly groups?: readonly string[];
}

export interface AccordionPanel<T> {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly Path<T>[];
  readonly optional?: boolean;
  readonly hidden?: boolean;
  /** One-line summary shown while the panel is closed. */
  readonly summary?: string;
  /** The last check before saving: shows the whole rule in words (the other panels' fields) above its own fields. */
  readonly review?: boolean;
}
export interface AccordionLayout<T> {
  readonly kind: 'accordion';
  readonly panels: readonly AccordionPanel<T>[];
  readonly fields?: FieldHints<T>;
}

export interface WizardStep<T> {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly Path<T>[];
}
export interface WizardLayout<T> {
  readonly kind: 'wizard';
  readonly landing?: { readonly title: string; readonly text: string };
  readonly steps: readonly WizardStep<T>[];
  readonly fields?: FieldHints<T>;
}

export type DocumentLayout<T> = TableLayout<T> | FormLayout<T> | AccordionLayout<T> | WizardLayout<T>;

/**
 * The groups of the side navigation a screen may name in `nav.group` (a section's screens without one come first,
 * ungrouped): a misspelt group does not compile.
 */
export const NAV_GROUPS = [
  // policy
  'Web',
  'Email',
  'DLP',
  'CASB',
  'Documents and Files',
  'Parent Tenant',
  // settings
  'General',
  'Identity & Access',
  'Authentication',
  'Network',
  'Clients',
  'Storage & Forensics',
  'Appliance',
  'Appliance sign-in',
  'Appliance manager',
  // the provider's tenants
  'Tenant',
  'Tenant licensing',
  'Tenant access',
  'Tenant policy and settings',
  'Tenant network',
  'Tenant logging and insights',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** What every screen has. */
export interface ScreenBase {
  readonly id: string;
  readonly title: string;
  /** What the screen is for; shown to auditors in the docs and to admins under the title. */
  readonly description: string;
  /** Hash route, e.g. `/policy/web/ssl-bypass`; its first segment names the section. */
  readonly route: string;
  /** Navigation entry label (defaults to title) and order within the section; `false` keeps it out of the menu. */
  readonly nav?: { readonly label?: string; readonly order?: number; readonly group?: NavGroup } | false;
  readonly read: PermissionRule;
  readonly write?: PermissionRule;
  readonly env?: EnvRule;
  readonly feature?: FeatureFlag;
  /**
   * A notice above the screen while a tenant capability is on (`when: true`) or off (`when: false`), read with
   * `operation` (the capability details call, answering `{ enabled }`) for `capability`; nothing when it cannot be read.
   */
  readonly capabilityNotice?: CapabilityNotice;
}

/** What a screen says while a tenant capability is (or is not) on; see `ScreenBase.capabilityNotice`. */
export interface CapabilityNotice {
  readonly operation: OperationDef;
  readonly capability: string;
  readonly when: boolean;
  readonly text: string;
}

/** The ids of a document screen's two derived operations (definitions/derive.ts), which the engine calls. */
export interface DocumentOperationIds {
  readonly read: string;
  readonly save: string;
}
export const documentOperationIds = (screenId: string): DocumentOperationIds => ({ read: `${screenId}.get`, save: `${screenId}.save` });

/** A document read and saved as one object: a policy area (bound to the staged revision) or a settings page. */
export interface DocumentScreenDef<S extends z.ZodObject = z.ZodObject> extends ScreenBase {
  /** Set by the define helper from the id: the read and save operations the registry derives. */
  readonly operationIds: DocumentOperationIds;
  readonly endpoint: {
    /** Path template; `{rev}` is bound to the staged revision when `revision` is `staged`. */
    readonly path: string;
    readonly revision: 'staged' | 'none';
    /** Method of the save call (spec: PUT for policy, POST for some settings). */
    readonly save: 'PUT' | 'POST' | 'PATCH';
    /**
     * Top-level fields the read and the save also take as query parameters, where the spec names them so
     * (`network_mode`): a save stores the query's value (over the body's), a read answers the document with it.
     */
    readonly queryFields?: readonly (keyof z.infer<S> & string)[];
  };
  readonly schema: S;
  readonly layout: DocumentLayout<z.infer<S>>;
  /** Operation tag for OpenAPI and docs. */
  readonly tag: string;
  /** How the document is stored; leave it out for a first version stored under the screen's id. */
  readonly storage?: DocumentStorage;
  /** Fields only holders of a sub-permission may change (schemas/fieldGates.ts): read-only to others, refused by the server. */
  readonly fieldGates?: readonly FieldGate[];
  /** Buttons above the document that fetch a file (an export, a report) and save it: see `screenDownload`. */
  readonly downloads?: readonly ScreenDownload[];
  /** Read-only values from another call, shown in a line above the document: see `screenFacts`. */
  readonly facts?: ScreenFacts;
  /**
   * Where each top-level field takes effect (required of settings pages, checked by the registry test and listed in
   * the auditor docs): `all` for every field, `fields` for those that differ.
   */
  readonly effects?: SettingEffects<z.infer<S>>;
  /** How the area's rules decide a request (schemas/evaluate): the tester, "Why?", the impact and rule analysis read it. */
  readonly evaluation?: AreaEvaluation;
}

/**
 * Where a setting takes effect. `portal`: this server applies it, and the text says how (an administrator reads it).
 * `service`: it configures the isolation service or the appliance, which applies it; the portal stores it and hands
 * it over, and the text says what it configures.
 */
export type SettingEffect = { readonly portal: string; readonly service?: never } | { readonly service: string; readonly portal?: never };

export interface SettingEffects<T> {
  readonly all?: SettingEffect;
  readonly fields?: { readonly [K in keyof T & string]?: SettingEffect };
}

/**
 * Read-only values a document screen shows in a line above its document, read from `operation` (a GET without path
 * parameters, e.g. the version of a database the service keeps). The call is made on its own: the document does not
 * wait for it, and when it fails the line says so, naming `label`, and offers to read it again.
 */
export interface ScreenFacts {
  readonly operation: OperationDef;
  /** What the values are, e.g. `Category database version`, for the line shown while they cannot be read. */
  readonly label: string;
  facts(answer: never): readonly Fact[];
}
/** A screen's facts from operation `O`'s answer, typed against it. */
export const screenFacts = <const O extends OperationDef>(
  operation: O,
  spec: { readonly label: string; facts(answer: z.infer<O['response']>): readonly Fact[] },
): ScreenFacts => ({ ...spec, operation }) as ScreenFacts;

/**
 * What an action saves as a file from its call's answer: the file's name from the answer (and the row of a row
 * action), its content type, and its text: a field of the answer (`content`), else the whole answer as indented JSON.
 */
export interface DownloadSpec<A = never, R = never> {
  /** The file's name from the answer, the row of a row action and the query the call was made with. */
  fileName(answer: A, row: R, query: Readonly<Record<string, string>>): string;
  /** The MIME type the file is saved with, e.g. `application/json`, `application/x-pem-file`. */
  readonly contentType: string;
  content?(answer: A): string;
  /** Not the file the server sends (see `FileDownloadSpec`). */
  readonly file?: false;
}

/**
 * What an action saves when the answer is a file itself (binary, or text the server names): the bytes as they came,
 * with the server's content type, under the name of the answer's Content-Disposition, else `fileName`'s.
 */
export interface FileDownloadSpec<R = never> {
  readonly file: true;
  /** The content type is the server's. */
  readonly contentType?: undefined;
  /** The file's name when the answer names none: from the row of a row action and the query the call was made with. */
  fileName(row: R, query: Readonly<Record<string, string>>): string;
}

/**
 * A button above a document screen: calls `operation` (a GET without path parameters, with the constant `query`; a
 * `{rev}` in its path is the staged revision) and saves the answer as a file. Offered to everyone who may read the screen and call the operation.
 */
export interface ScreenDownload {
  readonly id: string;
  readonly label: string;
  readonly operation: OperationDef;
  readonly query?: Readonly<Record<string, string>>;
  readonly download: DownloadSpec<never, undefined> | FileDownloadSpec<undefined>;
}
/** The query of an operation as strings, or never when it takes none. */
type QueryStrings<O extends OperationDef> = O extends { readonly query: infer Q extends z.ZodType } ? { readonly [P in keyof z.input<Q>]?: string } : never;
/** A screen's download button of operation `O`; the query and the file spec are typed against it. */
export const screenDownload = <const O extends OperationDef>(
  operation: O,
  spec: {
    readonly id: string;
    readonly label: string;
    readonly query?: QueryStrings<O>;
    readonly download: DownloadSpec<z.infer<O['response']>, undefined> | FileDownloadSpec<undefined>;
  },
): ScreenDownload => ({ ...spec, operation }) as ScreenDownload;

/** One step of a stored document's history: takes a body of version N and answers it as version N + 1. */
export type DocumentMigration = (body: Record<string, unknown>) => Record<string, unknown>;

/**
 * A document's storage: the key its rows are stored under (default: the screen id; keep the old id here when renaming
 * a screen, and its data stays), its schema version (default 1), and one migration per earlier version:
 * `migrations[0]` upgrades version 1 to 2, `migrations[1]` 2 to 3, and so on. A stored body is migrated when it is
 * read and stored at the current version when it is saved again.
 */
export interface DocumentStorage {
  readonly key?: string;
  readonly version?: number;
  readonly migrations?: readonly DocumentMigration[];
}

/** A document screen's storage with its defaults filled in. */
export function documentStorage(screen: { readonly id: string; readonly storage?: DocumentStorage }): Required<DocumentStorage> {
  return { key: screen.storage?.key ?? screen.id, version: screen.storage?.version ?? 1, migrations: screen.storage?.migrations ?? [] };
}

export type PolicyAreaDef<S extends z.ZodObject = z.ZodObject> = DocumentScreenDef<S> & { readonly kind: 'policyArea' };
export type SettingsPageDef<S extends z.ZodObject = z.ZodObject> = DocumentScreenDef<S> & {
  readonly kind: 'settingsPage';
};

export function definePolicyArea<S extends z.ZodObject>(
  def: Omit<DocumentScreenDef<S>, 'endpoint' | 'operationIds'> & {
    readonly endpoint: Omit<DocumentScreenDef<S>['endpoint'], 'revision' | 'save'> & {
      readonly revision?: 'staged';
      readonly save?: 'PUT';
    };
  },
): PolicyAreaDef<S> {
  return { ...def, kind: 'policyArea', operationIds: documentOperationIds(def.id), endpoint: { revision: 'staged', save: 'PUT', ...def.endpoint } };
}

export function defineSettingsPage<S extends z.ZodObject>(def: Omit<DocumentScreenDef<S>, 'operationIds'>): SettingsPageDef<S> {
  return { ...def, kind: 'settingsPage', operationIds: documentOperationIds(def.id) };
}

/** A log view (spec 000 §2 logs, §5 filters): events of one log type, filtered and paged. */
export interface LogViewOf<T extends LogType> extends ScreenBase {
  readonly kind: 'logView';
  readonly logType: T;
  /** The first-page and next-page operations of the log type (`logKindOps[logType]`). */
  readonly operations: LogKindOps;
  /** Table columns; `format` and the width hints size them (a time, a label, free text), as in document tables. */
  readonly columns: readonly (Pick<ColumnSpec<LogField<T>>, 'field' | 'format' | 'flex' | 'minWidth' | 'maxWidth'> & {
    readonly label: string;
    readonly enum?: string;
    /** Value → label, shown in the table and the event drawer. */
    readonly labels?: Readonly<Record<string, string>>;
    /** Value → badge colour: the table shows such a value as a badge in its colour (an action: green allow, red block). */
    readonly colors?: Readonly<Record<string, BadgeColor>>;
  })[];
  /**
   * Event fields holding ids of a lookup list, each the category-list operation that answers it (a `CategoryList`),
   * e.g. `cats` → `categoryListOps.cats_v2`: the table, the event drawer and the filter show the ids' names.
   */
  readonly lookups?: Readonly<Record<string, OperationDef>>;
  /** Event fields holding a screen's id (the area a save changed): the table and the event drawer show its title. */
  readonly screenFields?: readonly LogField<T>[];
  readonly filters: readonly {
    readonly param: LogFilterParam<T>;
    readonly label: string;
    readonly enum?: string;
    readonly multiple?: boolean;
    /** Value → label of a filter with fixed values; a filter without options is a free-text search. */
    readonly options?: Readonly<Record<string, string>>;
  }[];
  /** Title of every event field, for the event drawer. */
  readonly fieldTitles?: Readonly<Record<string, string>>;
  /** Value → label per event field, for the event drawer (fields not among the columns too). */
  readonly fieldLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Filters applied by the logs redirect (query parameters). */
  readonly defaultFilters?: Readonly<Record<string, string>>;
  /** An action in the event drawer that sends the event to an operation and shows the answer as traces ("Why?"). */
  readonly eventAction?: EventAction;
  /** Buttons in the event drawer that save a file about the event (its sandbox report): see `eventDownload`. */
  readonly eventDownloads?: readonly EventDownload[];
}

/**
 * A button in the event drawer that calls `operation` (a GET) with path parameters made from the event and saves the
 * answer as a file. `params` answers undefined for an event it does not apply to (no report): no button then.
 */
export interface EventDownload {
  readonly id: string;
  readonly label: string;
  readonly operation: OperationDef;
  params(event: never): Readonly<Record<string, string>> | undefined;
  readonly download: DownloadSpec<never, never> | FileDownloadSpec<never>;
}
/** An event download of operation `O` over events of log type `T`; its parameters and file name are typed against both. */
export const eventDownload = <const O extends OperationDef, T extends LogType>(
  operation: O,
  _logType: T,
  spec: {
    readonly id: string;
    readonly label: string;
    params(event: LogEventOf<T>): { readonly [P in keyof ParamsOf<O>]: string } | undefined;
    readonly download: DownloadSpec<z.infer<O['response']>, LogEventOf<T>> | FileDownloadSpec<LogEventOf<T>>;
  },
): EventDownload => ({ ...spec, operation }) as unknown as EventDownload;

/** A call made from an event (its body built from the event) whose answer shows as traces in the event drawer. */
export interface EventAction {
  readonly label: string;
  /** What the action does, shown beside its button. */
  readonly description: string;
  readonly operation: OperationDef;
  body(event: never): unknown;
  readonly answer: TraceAnswer;
}
/** An event action of operation `O` over events of log type `T`; the body is typed against the operation. */
export const eventAction = <const O extends OperationDef, T extends LogType>(
  operation: O,
  _logType: T,
  spec: { readonly label: string; readonly description: string; body(event: LogEventOf<T>): BodyOf<O>; readonly answer: TraceAnswer },
): EventAction => ({ ...spec, operation }) as EventAction;
/** A field of log type T's events (of any log type's, for `LogType` itself). */
export type LogField<T extends LogType> = T extends LogType ? keyof LogEventOf<T> & string : never;
/** A filter parameter of log type T's queries. */
export type LogFilterParam<T extends LogType> = T extends LogType ? keyof (typeof LOG_FILTERS)[T] & string : never;

/** A log view of any log type. */
export type LogViewDef = { [T in LogType]: LogViewOf<T> }[LogType];

export const defineLogView = <const T extends LogType>(def: Omit<LogViewOf<T>, 'kind'>): LogViewOf<T> => ({ ...def, kind: 'logView' });

/** Where a click on a report datum goes: a log type and one of its filter parameters. */
export type DrillDownTarget = {
  // `threatEvasion`: a heat-summary datum's id names its own parameter and value (spec 001 §5).
  [T in LogType]: { readonly logType: T; readonly param: LogFilterParam<T> | 'threatEvasion' };
}[LogType];

/** A filter a report view offers: a filter parameter of the report's log kind, its label and labelled values. */
export interface ReportFilterDef {
  readonly param: string;
  readonly label: string;
  /** Value → label; a filter without options is a free-text search. */
  readonly options?: Readonly<Record<string, string>>;
  readonly multiple?: boolean;
}

/** One chart of a report view. */
export interface ReportWidgetDef {
  readonly report: ReportName;
  /** The report's query operation (`reportQueryOps[report]`). */
  readonly operation: ReportQueryOp;
  readonly title: string;
  readonly chart: 'line' | 'bar' | 'gauge' | 'pie' | 'stackedBar' | 'heatmap';
  /**
   * A gauge's sweep (spec 002 §9: 180° or a full circle; 180° by default). A full circle draws several rings larger
   * in the same card and leaves their middle room for the largest share and its name.
   */
  readonly gaugeAngle?: 180 | 360;
  /** Log view and filter parameter a click on a datum drills into. */
  readonly drillDown?: DrillDownTarget;
  /**
   * In a report catalogue, the report a click on a datum opens instead, with the datum's key as `param`
   * (`threatEvasion`: the datum's id names the parameter and its value, spec 001 §5).
   */
  readonly drillReport?: { readonly report: ReportName; readonly param: string };
  /** Fixed filters of the report and of its drill-down (e.g. risk levels of a "risky" report). */
  readonly filters?: Readonly<Record<string, string>>;
  /** Route of the log view a drill-down opens (default `/logs/<logType>`). */
  readonly logRoute?: string;
  /** The filter parameter the report needs a value of (a drill-down report). */
  readonly requires?: string;
  /** Filters a report catalogue offers for this report. */
  readonly filterBar?: readonly ReportFilterDef[];
  /**
   * Filter parameters whose values are ids of a lookup list (as a log view's `lookups`): the filter chip and the
   * drilled value after the chart's title show the id's name, also when the page is opened from a link.
   */
  readonly lookups?: Readonly<Record<string, OperationDef>>;
}

/**
 * A report view (spec 001 §7): charts of reports. Plain: a dashboard of `widgets`. With `groups`: a catalogue, one
 * report opened at a time from a searchable list of groups, with its filters and drill-downs. With `arrange`: a
 * dashboard each user arranges from a catalogue's charts, kept per user by the two operations (a stamped document).
 */
export interface ReportDef extends ScreenBase {
  readonly kind: 'report';
  readonly widgets: readonly ReportWidgetDef[];
  readonly groups?: readonly { readonly title: string; readonly reports: readonly ReportName[] }[];
  readonly arrange?: {
    /** Answers `{ widgets: ReportName[], updated_at? }`; the save takes it back with the stamp read. */
    readonly get: OperationDef;
    readonly save: OperationDef;
    /** The catalogue whose charts may be added. */
    readonly from: ReportDef;
  };
}
export const defineReport = (def: Omit<ReportDef, 'kind'>): ReportDef => ({ ...def, kind: 'report' });

/** A screen whose body the engine cannot derive, backed by a named hand-written core view (e.g. publish history). */
export interface CoreScreenDef extends ScreenBase {
  readonly kind: 'coreScreen';
  readonly view: string;
}
export const defineCoreScreen = (def: Omit<CoreScreenDef, 'kind'>): CoreScreenDef => ({ ...def, kind: 'coreScreen' });

/** A condition on a row field `K`: its value is one of `equals`, or (`present`) it has a value or has none. */
export type RowCondition<K extends string = string> =
  | { readonly field: K; readonly equals: readonly (string | number | boolean)[] }
  | { readonly field: K; readonly present: boolean };

/**
 * An action whose operation answers a job (`{ job_id }`): the screen follows the job with the core poller until it
 * ends and says how; `kind: 'license'` takes the poller's licence texts, `timeoutMs` how long it is followed.
 */
export type JobFollow = true | { readonly kind?: 'job' | 'license'; readonly timeoutMs?: number };

/** The answer type of an operation. */
type AnswerOf<O extends OperationDef> = z.infer<O['response']>;
/** The body type an operation accepts (defaults optional), or never when it takes none. */
export type BodyOf<O extends OperationDef> = O extends { readonly body: infer B extends z.ZodType } ? z.input<B> : never;
/** The path parameters of an operation, or never when it has none. */
type ParamsOf<O extends OperationDef> = O extends { readonly params: infer P extends z.ZodType } ? z.input<P> : never;
/** What a form sending to `O` holds: its path parameters and its body's fields. */
export type FormOf<O extends OperationDef> = ([ParamsOf<O>] extends [never] ? unknown : ParamsOf<O>) & ([BodyOf<O>] extends [never] ? unknown : BodyOf<O>);

declare const checkedChoices: unique symbol;
/**
 * The choices of a select from another operation's answer: its list `list`, each entry's `value` and `label`. Made
 * only by `choicesFrom(operation, list, value, label)`, which checks the names against the answer's schema. A row
 * action calls the operation with the row's key.
 */
export interface ChoicesFrom {
  readonly operation: OperationDef;
  readonly list: string;
  /** The entry's field stored as the choice; an entry that is a string (a list of names) is its own value and label. */
  readonly value: string;
  readonly label: string;
  /** Constant path parameters of the call (a path that names a fixed variant of the answer, `{full}` = `full`). */
  readonly params?: Readonly<Record<string, string>>;
  /** A line shown under each choice (e.g. how often it was seen), made from its entry of the answer. */
  detail?(entry: never): string;
  /**
   * A form's choice reads as its label alone: the value is an id nobody reads (a gateway's). By default it reads
   * "value: label", for values that are names themselves (a role and its description).
   */
  readonly labelOnly?: boolean;
  /** Which entry a new form starts with (the least privileged role for a token); the first one otherwise. */
  preferred?(entries: readonly Readonly<Record<string, unknown>>[]): Readonly<Record<string, unknown>> | undefined;
  /**
   * A new form starts with none chosen: a form that acts on the one chosen (a password reset) is never sent for an
   * entry the administrator did not pick.
   */
  readonly startEmpty?: boolean;
  readonly [checkedChoices]: true;
}
export function choicesFrom<O extends OperationDef, K extends ArrayKeys<AnswerOf<O>>>(
  operation: O,
  list: K,
  value: keyof RowOf<AnswerOf<O>, K> & string,
  label: keyof RowOf<AnswerOf<O>, K> & string,
  options: {
    readonly detail?: (entry: RowOf<AnswerOf<O>, K>) => string;
    readonly labelOnly?: boolean;
    readonly preferred?: (entries: readonly RowOf<AnswerOf<O>, K>[]) => RowOf<AnswerOf<O>, K> | undefined;
    readonly params?: ChoiceParams<O>;
    readonly startEmpty?: boolean;
  } = {},
): ChoicesFrom {
  return { operation, list, value, label, ...options } as Omit<ChoicesFrom, typeof checkedChoices> as ChoicesFrom;
}
/** A path parameter of an operation (none for an operation without path parameters). */
type ParamKey<O extends OperationDef> = [ParamsOf<O>] extends [never] ? never : keyof ParamsOf<O> & string;
/** Constant path parameters of a choice source, as strings (none for an operation without path parameters). */
type ChoiceParams<O extends OperationDef> = [ParamsOf<O>] extends [never] ? never : { readonly [P in keyof ParamsOf<O>]: string };
/**
 * The choices of a select from another operation's answer whose list `list` holds strings (user names, domains): each
 * string is both the value and the label.
 */
export function stringChoicesFrom<O extends OperationDef, K extends StringArrayKeys<AnswerOf<O>>>(
  operation: O,
  list: K,
  options: { readonly params?: ChoiceParams<O>; readonly startEmpty?: boolean } = {},
): ChoicesFrom {
  return { operation, list, value: '', label: '', ...options } as Omit<ChoicesFrom, typeof checkedChoices> as ChoicesFrom;
}

/** A dry run shown before an action applies: the call with `query`, and the lines its answer is shown as. */
export interface ActionPreview {
  readonly query: Readonly<Record<string, string>>;
  lines(answer: never): readonly string[];
}

/**
 * A row action of a collection: an item in the row's actions that calls `operation` with the row's key as the item
 * parameter, and a constant `body` or one the administrator fills in a dialog (`form`, over the operation's body
 * schema). `R` is the row type.
 */
export interface CollectionRowAction<R = Readonly<Record<string, unknown>>> {
  readonly id: string;
  /** The menu item's text; an ellipsis says a dialog asks for more. */
  readonly label: string;
  readonly operation: OperationDef;
  /** The body: a constant, or made from the row. */
  readonly body?: Readonly<Record<string, unknown>> | ((row: R) => Readonly<Record<string, unknown>>);
  /** Query parameters of the call: a constant, or made from the row (the form's `query` fields are added to them). */
  readonly query?: Readonly<Record<string, string>> | ((row: R) => Readonly<Record<string, string>>);
  /** Asks before the call: the question for the row (a bulk run asks once, naming how many rows). */
  confirm?(row: R): string;
  /**
   * Before the call, the same call with `query` (a dry run that changes nothing): its answer's `lines` are shown and
   * the administrator applies them or cancels.
   */
  readonly preview?: ActionPreview;
  /** Also offered for the selected rows at once (a button above the table, asking first). */
  readonly bulk?: boolean;
  readonly form?: {
    readonly fields?: Readonly<Partial<Record<string, FieldHint>>>;
    /** Body fields whose select choices come from another operation's answer. */
    readonly choices?: Readonly<Partial<Record<string, ChoicesFrom>>>;
    /** A line above the fields, from the row (e.g. what is installed now). */
    intro?(row: R): string;
    /**
     * The values the dialog starts with, from the row, where the body names them otherwise than the row does (the
     * row's `id` sent as `application_id`, a stamp the list answered); by default a field starts at the row's field
     * of its name.
     */
    start?(row: R): Readonly<Record<string, unknown>>;
    readonly submitLabel?: string;
    /** Query parameters asked in the dialog (above the body's fields), as the operation's query schema describes them. */
    readonly query?: readonly string[];
    /** The values a query field of the dialog offers for this row, where not every value of its schema applies. */
    offer?(row: R): Readonly<Record<string, readonly string[]>>;
  };
  /** Offered only for rows that meet it. */
  readonly when?: RowCondition;
  /**
   * The path parameter the row's key is sent as, where the operation names the item otherwise than the collection's
   * other item operations (`itemParam`): a role deleted at `/rbac/{name}` on a screen whose items are `{id}`.
   */
  readonly param?: string;
  /**
   * The operation names no item: it acts on the one thing a row stands for (a certificate of the appliance's two).
   * `when` must then pick that row out by the item key.
   */
  readonly singleton?: true;
  /** A question asked before the call (e.g. what a deletion ends), from the row; the call runs only when confirmed. */
  confirm?(row: R): string;
  readonly job?: JobFollow;
  /**
   * The answer is saved as a file (a certificate, an export): name and content from the answer and the row. Such an
   * action changes nothing, so it is offered to readers too, and the download notice replaces `success`.
   */
  readonly download?: DownloadSpec<never, R> | FileDownloadSpec<R>;
  /** The notice once the call (or its job) has succeeded, from the row and the body sent; required unless `download`. */
  success?(row: R, body: Readonly<Record<string, unknown>>): string;
}

/** What a definition writes for one row action; `body`, form hints and choices are typed against the operation. */
export interface RowActionSpec<O extends OperationDef, R> {
  readonly id: string;
  readonly label: string;
  readonly body?: BodyOf<O> | ((row: R) => BodyOf<O>);
  /** See CollectionRowAction.query. */
  readonly query?: QueryStrings<O> | ((row: R) => QueryStrings<O>);
  confirm?(row: R): string;
  readonly preview?: { readonly query: Readonly<Record<string, string>>; lines(answer: AnswerOf<O>): readonly string[] };
  readonly bulk?: boolean;
  readonly form?: {
    /** Hints of the body's fields and of the query fields the dialog asks. */
    readonly fields?: FieldHints<ActionFormOf<O>>;
    readonly choices?: { readonly [P in keyof BodyOf<O> & string]?: ChoicesFrom };
    intro?(row: R): string;
    /** See CollectionRowAction.form.start. */
    start?(row: R): Partial<BodyOf<O>>;
    readonly submitLabel?: string;
    /** See CollectionRowAction.form.query. */
    readonly query?: readonly QueryKey<O>[];
    /** See CollectionRowAction.form.offer. */
    offer?(row: R): { readonly [P in QueryKey<O>]?: readonly QueryOf<O>[P][] };
  };
  readonly when?: RowCondition<keyof R & string>;
  /** See CollectionRowAction.param. */
  readonly param?: ParamKey<O>;
  /** See CollectionRowAction.singleton. */
  readonly singleton?: true;
  confirm?(row: R): string;
  readonly job?: JobFollow;
  /** See CollectionRowAction.download. */
  readonly download?: DownloadSpec<AnswerOf<O>, R> | FileDownloadSpec<R>;
  success?(row: R, body: BodyOf<O>): string;
}
/** Builds a row action of operation `O` for rows of type `R` (handed to a collection's `rowActions`). */
export type RowActionBuilder<R> = <const O extends OperationDef>(operation: O, spec: RowActionSpec<O, R>) => CollectionRowAction<R>;
const rowAction = <R,>(operation: OperationDef, spec: RowActionSpec<OperationDef, R>): CollectionRowAction<R> =>
  ({ ...spec, operation }) as CollectionRowAction<R>;

/**
 * An action on the rows selected in a collection's table, made as one call: the body's `list` field holds the
 * selected rows' `value` field, beside a constant `body` or what the administrator fills in a `form` over the rest of
 * the body. Its dialog names every selected row (those meeting `when`) before anything is sent. `R` is the row type.
 */
export interface SelectionAction<R = Readonly<Record<string, unknown>>> {
  readonly id: string;
  /** The button's text (with the number of rows it acts on); an ellipsis says a dialog asks for more. */
  readonly label: string;
  readonly operation: OperationDef;
  /** The body field holding the selected rows' values (a list). */
  readonly list: string;
  /** The row field sent for each selected row. */
  readonly value: string;
  /** Body fields sent as they are: constant, or made from the selected rows (the stamp the list answered with them). */
  readonly body?: Readonly<Record<string, unknown>> | ((rows: readonly R[]) => Readonly<Record<string, unknown>>);
  /** Hints of the body's other fields, asked in the dialog above the named rows. */
  readonly form?: {
    readonly fields?: Readonly<Partial<Record<string, FieldHint>>>;
    /** Fields (paths) the dialog requires although the call accepts them left out (the new role of a role change). */
    readonly required?: readonly string[];
    readonly submitLabel?: string;
  };
  /** Offered for the selected rows that meet it. */
  readonly when?: RowCondition;
  /** A warning shown above the named rows (what the action ends, what it skips). */
  readonly warning?: string;
  /** A destructive action: its buttons are red. */
  readonly danger?: boolean;
  /** The notice once the call has succeeded, from the rows, the body sent and the answer. */
  success(rows: readonly R[], body: Readonly<Record<string, unknown>>, answer: never): string;
}

/** What a definition writes for a selection action; the list, value, body and hints are typed against the operation and the row. */
export interface SelectionActionSpec<O extends OperationDef, R> {
  readonly id: string;
  readonly label: string;
  readonly list: keyof BodyOf<O> & string;
  readonly value: keyof R & string;
  readonly body?: Partial<BodyOf<O>> | ((rows: readonly R[]) => Partial<BodyOf<O>>);
  readonly form?: { readonly fields?: FieldHints<BodyOf<O>>; readonly required?: readonly (keyof FieldHints<BodyOf<O>> & string)[]; readonly submitLabel?: string };
  readonly when?: RowCondition<keyof R & string>;
  readonly warning?: string;
  readonly danger?: boolean;
  success(rows: readonly R[], body: BodyOf<O>, answer: AnswerOf<O>): string;
}
/** Builds a selection action of operation `O` for rows of type `R` (handed to a collection's `selectionActions`). */
export type SelectionActionBuilder<R> = <const O extends OperationDef>(operation: O, spec: SelectionActionSpec<O, R>) => SelectionAction<R>;
const selectionAction = <R,>(operation: OperationDef, spec: SelectionActionSpec<OperationDef, R>): SelectionAction<R> =>
  ({ ...spec, operation }) as unknown as SelectionAction<R>;

/**
 * A form on a collection screen (below its list, or the whole screen when there is no list) whose submit calls
 * `operation`: the form holds the operation's path parameters and body fields; a refusal is shown with its reason.
 */
export interface CollectionForm {
  /** Heading above the form (e.g. "Add a CA certificate"). */
  readonly title?: string;
  readonly operation: OperationDef;
  readonly fields?: Readonly<Partial<Record<string, FieldHint>>>;
  /** Body fields whose select choices come from another operation's answer (called with the screen's scope, if any). */
  readonly choices?: Readonly<Partial<Record<string, ChoicesFrom>>>;
  readonly submitLabel: string;
  readonly job?: JobFollow;
  /**
   * A field of the answer shown once after success, with a copy button and `warning` (a generated secret the server
   * keeps only hashed); it stays until dismissed.
   */
  readonly reveal?: { readonly field: string; readonly title: string; readonly warning: string };
  /** The notice once the call (or its job) has succeeded; the form is emptied. */
  success(values: Readonly<Record<string, unknown>>): string;
  /** Title of the alert that says why it did not succeed. */
  readonly refused: string;
  /** Title of an alert that stays after success (besides the notice). */
  readonly done?: string;
  /** The values the form starts with, from another operation's answer (an item's current settings), and a line above it. */
  readonly initial?: FormInitial;
  /** Shows the answer as traces (see `traceAnswer`) instead of a notice; the form keeps its values. */
  readonly answer?: TraceAnswer;
}

/** How a step or check of a trace came out, as the engine colours it. */
export type TraceTone = 'positive' | 'negative' | 'caution' | 'neutral' | 'muted';
/** One check of a trace step: what was expected, what was found, and whether it held (`skip`: not checked). */
export interface TraceCheck {
  readonly label: string;
  readonly expected: string;
  readonly actual: string;
  readonly result: 'pass' | 'fail' | 'skip';
}
/** One step of a trace (a rule consulted): its outcome, why, its checks, and the screen it links to. */
export interface TraceStep {
  readonly title: string;
  readonly badge: string;
  readonly tone: TraceTone;
  readonly note: string;
  readonly link?: string;
  readonly checks: readonly TraceCheck[];
  /** The step that decided: shown open and marked. */
  readonly decisive?: boolean;
}
/** Steps consulted together (a rule list), with a line on how the group came out. */
export interface TraceGroup {
  readonly title: string;
  readonly note: string;
  readonly link?: string;
  readonly steps: readonly TraceStep[];
}
/** One outcome of a trace panel (a decision) with the groups of steps behind it. */
export interface TraceOutcome {
  readonly title: string;
  readonly value: string;
  readonly tone: TraceTone;
  readonly summary: string;
  readonly groups: readonly TraceGroup[];
}
/** A column of the trace display: e.g. one revision's verdicts. */
export interface TracePanel {
  readonly title: string;
  readonly subtitle?: string;
  readonly outcomes: readonly TraceOutcome[];
}
/** An answer shown as trace panels side by side. */
export interface TraceAnswer {
  panels(answer: never): readonly TracePanel[];
}
/** A form's answer shown as traces, built from operation `O`'s answer. */
export const traceAnswer = <const O extends OperationDef>(_operation: O, panels: (answer: AnswerOf<O>) => readonly TracePanel[]): TraceAnswer =>
  ({ panels }) as TraceAnswer;
/** A form's starting values read from `operation`'s answer. */
export interface FormInitial {
  readonly operation: OperationDef;
  values(answer: never): Readonly<Record<string, unknown>>;
  intro?(answer: never): string;
  /** Values read from the answer shown above the form as a list of labelled values, each with a copy button. */
  facts?(answer: never): readonly Fact[];
  /**
   * Whether the form is offered for this answer (default: always); when it is not, only the line and the facts show
   * (e.g. no Register form on an appliance already managed).
   */
  offered?(answer: never): boolean;
}
/** A labelled value shown as read (an address to copy into another system, a fingerprint). */
export interface Fact {
  readonly label: string;
  readonly value: string;
}
/** A time in a screen's facts and lines: "20 Nov 2026, 06:00". */
export const dateTimeText = (iso: string): string => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** A collection's form sending to `operation`; field hints are typed against its parameters and body. */
export const actionForm = <const O extends OperationDef>(
  operation: O,
  spec: Omit<CollectionForm, 'operation' | 'fields' | 'success' | 'choices' | 'reveal'> & {
    readonly fields?: FieldHints<FormOf<O>>;
    /** Fields (of the body, or path parameters) whose select choices come from another operation's answer. */
    readonly choices?: { readonly [P in keyof FormOf<O> & string]?: ChoicesFrom };
    readonly reveal?: { readonly field: keyof AnswerOf<O> & string; readonly title: string; readonly warning: string };
    success(values: FormOf<O>): string;
  },
): CollectionForm => ({ ...spec, operation }) as CollectionForm;

/** A form's starting values from `operation`'s answer, typed against it (`values` answers the form's fields). */
export const initialFrom = <const O extends OperationDef>(
  operation: O,
  spec: {
    values(answer: AnswerOf<O>): Readonly<Record<string, unknown>>;
    intro?(answer: AnswerOf<O>): string;
    facts?(answer: AnswerOf<O>): readonly Fact[];
    offered?(answer: AnswerOf<O>): boolean;
  },
): FormInitial => ({ ...spec, operation }) as FormInitial;

/**
 * A column of a collection: a ColumnSpec; `colors` shows an enumeration's label as a coloured badge, and `detail` a
 * second field of the row after the value, dimmed, when it has one (`24.2.0 → 24.3.2`, `Online restart at 16:00:00`).
 */
export interface CollectionColumn<K extends string = string> extends ColumnSpec<K> {
  readonly colors?: Readonly<Record<string, BadgeColor>>;
  /** Text of values the row schema does not label (`enumLabel`), e.g. `{ true: 'On', false: 'Off' }`. */
  readonly labels?: Readonly<Record<string, string>>;
  /** The value links to another screen (`route`) with the row's key in the query parameter `param` (its scope). */
  readonly link?: { readonly route: string; readonly param: string };
  readonly detail?: { readonly field: K; readonly label?: string; readonly format?: 'text' | 'datetime' | 'time' };
  /** The text of an empty value, e.g. "All tenants" for a list of tenants where none means every tenant. */
  readonly whenEmpty?: string;
}
export type BadgeColor = 'gray' | 'blue' | 'teal' | 'green' | 'orange' | 'red' | 'yellow' | 'violet';

/**
 * A collection screen: items the server keeps one by one, from a list operation, shown in the data table. Around the
 * list: create in a dialog (`createSchema`), batch delete, row actions (each a call with the row's key, a constant
 * body or a small form, optionally followed as a job), and a form on the screen (`form`). An item's `schemaField` may
 * be edited with a JSON-schema form whose schema an operation returns at run time (`itemSchemaFrom`, its query filled
 * from the item's fields). A collection without a list is just its form.
 */
export interface CollectionDef extends ScreenBase {
  readonly kind: 'collection';
  readonly operations: {
    /** Answers `{ [items]: Item[] }`. */
    readonly list?: OperationDef;
    /** Answers one item; its path parameter `itemParam` is the item key. */
    readonly get?: OperationDef;
    readonly create?: OperationDef;
    /** Partial update; path parameter `itemParam`, body `{ [schemaField]: value }`. */
    readonly update?: OperationDef;
    readonly delete?: OperationDef;
    /** Body `{ ids: [...] }`. */
    readonly batchDelete?: OperationDef;
  };
  /** Field of the list answer holding the items. */
  readonly items?: string;
  readonly itemKey?: string;
  /** The path parameter that names an item in its operations (default `id`). */
  readonly itemParam?: string;
  readonly columns?: readonly (CollectionColumn | string)[];
  /**
   * What one item is called, in the singular and in lower case except names ("licence key", "API token"): the
   * create dialog is "Add <itemName>". Default: the title in the singular ("Browser Configuration Policies" →
   * "browser configuration policy"); set it where that reads wrong.
   */
  readonly itemName?: string;
  /** What the create form asks for (the JSON-schema field starts empty). */
  readonly createSchema?: z.ZodObject;
  readonly createFields?: Readonly<Partial<Record<string, FieldHint>>>;
  /** The item field edited with the JSON-schema form (with `get`, `update` and `itemSchemaFrom`). */
  readonly schemaField?: string;
  /** The item field the update sends back as read (its stamp), so a change made meanwhile answers 409. */
  readonly stampField?: string;
  /** The operation answering the JSON Schema of `schemaField`; query parameter → item field. */
  readonly itemSchemaFrom?: { readonly operation: OperationDef; readonly query: Readonly<Record<string, string>> };
  readonly rowActions?: readonly CollectionRowAction[];
  /** Actions on the selected rows, each one call for all of them: see SelectionAction. */
  readonly selectionActions?: readonly SelectionAction[];
  /** The list is read again every few seconds while a row meets one of these (and while a job is followed). */
  readonly refreshWhile?: readonly RowCondition[];
  /** Shown instead of an empty table. */
  readonly emptyText?: string;
  /** A line above the table from a second call (a total the list alone does not give): see `collectionSummary`. */
  readonly summary?: CollectionSummary;
  /**
   * The items drawn as charts, a card each, instead of a table: the item's `title` field heads the card, its `points`
   * field (a list of `{ label, value }`) is drawn over time when every label is a date, else as bars, and its
   * `summary` field (the points in words) is the chart's text for screen readers.
   */
  readonly charts?: { readonly title: string; readonly points: string; readonly summary?: string };
  /**
   * A 404 or 403 answer of the list reads as no items, without the permission notice (spec 002 §4: the parent
   * tenant's global rules are absent for a tenant no other tenant manages).
   */
  readonly absentAsEmpty?: true;
  readonly form?: CollectionForm;
  /** Query parameters of the list operation offered above the table (a text search, a choice of an enumeration). */
  readonly filters?: readonly string[];
  /**
   * Items created at once from a file (spec 002 §2 bulk import, CSV or JSON): each file row is checked against an
   * entry of the operation's `list` body field, then the correct rows go in one call as `{ [list]: rows }`.
   */
  readonly bulkImport?: CollectionImport;
  /** A reachability check run from the administrator's browser, whose results the list then shows: see BrowserCheck. */
  readonly browserCheck?: BrowserCheck;
  /**
   * Filters whose values are chosen among another operation's answer (called without parameters), e.g. the deployments
   * by name: a select above the table instead of a text box.
   */
  readonly filterChoices?: Readonly<Partial<Record<string, ChoicesFrom>>>;
  /**
   * What the screen is about when its operations need a path parameter the rows do not give (the tenant whose users
   * these are): a choice above the screen from another operation's answer, kept in the route's query as `param`
   * and passed to every call of the screen.
   */
  readonly scope?: { readonly param: string; readonly label: string; readonly choices: ChoicesFrom };
}

/** See CollectionDef.bulkImport. */
export interface CollectionImport {
  readonly operation: OperationDef;
  /** The body field holding the rows (a list of objects). */
  readonly list: string;
  /** The row fields a file gives, in the order of a CSV without a header. */
  readonly columns: readonly string[];
  readonly maxRows: number;
  /** The button's text, e.g. "Import users…". */
  readonly label: string;
}

/**
 * A check of which sites the administrator's browser reaches (spec 001 §7): `signIn` answers `{ test_id, timeout_ms }`;
 * `sites` answers `{ data: [{ id, url? }] }`, and each site with a `url` is fetched no-cors with the test id
 * (engine/core/probe.ts); `results` takes `{ test_id, results: [{ site_id, ok, time_ms, error? }] }`. The button is
 * offered to those who may write the screen; the list is read again afterwards.
 */
export interface BrowserCheck {
  readonly label: string;
  readonly signIn: OperationDef;
  readonly sites: OperationDef;
  readonly results: OperationDef;
  /** The notice once the results are stored: how many of how many sites answered. */
  done(answered: number, total: number): string;
}

/**
 * A short line above a collection's table made from another call's answer (e.g. the same operation asked for a count):
 * the operation is called with the list's filters it accepts, the scope's path parameters and the constant `query`,
 * and loads on its own (a skeleton meanwhile, the reason and a retry when it fails).
 */
export interface CollectionSummary {
  readonly operation: OperationDef;
  readonly query?: Readonly<Record<string, string>>;
  /** What the line tells, in lower case, e.g. "number of groups": read in its loading and error states. */
  readonly label: string;
  /** The line from the answer and the query it was asked with, e.g. "1,234 groups in the last 7 days". */
  line(answer: never, query: Readonly<Record<string, string>>): string;
}
/** A collection's summary line from `operation`'s answer; the query and the line are typed against it. */
export const collectionSummary = <const O extends OperationDef>(
  operation: O,
  spec: {
    readonly query?: QueryStrings<O>;
    readonly label: string;
    line(answer: AnswerOf<O>, query: { readonly [P in QueryKey<O>]?: string }): string;
  },
): CollectionSummary => ({ ...spec, operation }) as CollectionSummary;

/** The row type of the list operation `L`'s array field `K`. */
type ItemOf<L extends OperationDef, K extends string> = RowOf<AnswerOf<L>, K & keyof AnswerOf<L>>;

/**
 * What a definition writes for a collection with a list: names are typed against the list's rows, its filters against
 * the list's query, and the item editor's fields against what `get` answers.
 */
export type CollectionInput<L extends OperationDef, K extends string, G extends OperationDef = OperationDef> = Omit<
  CollectionDef,
  'kind' | 'operations' | 'items' | 'itemKey' | 'columns' | 'charts' | 'rowActions' | 'selectionActions' | 'refreshWhile' | 'filters' | 'filterChoices' | 'schemaField' | 'stampField' | 'itemSchemaFrom'
> & {
  readonly operations: CollectionDef['operations'] & { readonly list: L; readonly get?: G };
  readonly items: K;
  readonly itemKey: keyof ItemOf<L, K> & string;
  /** The table's columns; none when the items are drawn as `charts`. */
  readonly columns?: readonly (CollectionColumn<keyof ItemOf<L, K> & string> | (keyof ItemOf<L, K> & string))[];
  readonly charts?: { readonly title: keyof ItemOf<L, K> & string; readonly points: keyof ItemOf<L, K> & string; readonly summary?: keyof ItemOf<L, K> & string };
  /** Builds the row actions with `action(operation, spec)`, typed against the operation and the row. */
  readonly rowActions?: (action: RowActionBuilder<ItemOf<L, K>>) => readonly CollectionRowAction<ItemOf<L, K>>[];
  /** Builds the selection actions with `action(operation, spec)`, typed against the operation and the row. */
  readonly selectionActions?: (action: SelectionActionBuilder<ItemOf<L, K>>) => readonly SelectionAction<ItemOf<L, K>>[];
  readonly refreshWhile?: readonly RowCondition<keyof ItemOf<L, K> & string>[];
  readonly filters?: readonly QueryKey<L>[];
  readonly filterChoices?: { readonly [P in QueryKey<L>]?: ChoicesFrom };
  readonly schemaField?: keyof AnswerOf<G> & string;
  readonly stampField?: keyof AnswerOf<G> & string;
  /** Query parameter → the field of the item (as `get` answers it) that fills it. */
  readonly itemSchemaFrom?: { readonly operation: OperationDef; readonly query: Readonly<Record<string, keyof AnswerOf<G> & string>> };
};
/** A query parameter of an operation (none for an operation without a query). */
type QueryKey<O extends OperationDef> = O extends { readonly query: infer Q extends z.ZodType } ? keyof z.input<Q> & string : never;
/** The query an operation accepts, or never when it takes none. */
type QueryOf<O extends OperationDef> = O extends { readonly query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** What a row action's dialog holds: the operation's body fields and the query fields it asks. */
type ActionFormOf<O extends OperationDef> = ([BodyOf<O>] extends [never] ? unknown : BodyOf<O>) & ([QueryOf<O>] extends [never] ? unknown : QueryOf<O>);

export function defineCollection<const L extends OperationDef, K extends ArrayKeys<AnswerOf<L>>, const G extends OperationDef = OperationDef>(
  def: CollectionInput<L, K, G>,
): CollectionDef {
  const { rowActions, selectionActions, ...rest } = def;
  return {
    ...rest,
    rowActions: rowActions?.(rowAction as RowActionBuilder<ItemOf<L, K>>),
    selectionActions: selectionActions?.(selectionAction as SelectionActionBuilder<ItemOf<L, K>>),
    kind: 'collection',
  } as CollectionDef;
}

/** A screen that is one form whose submit calls an operation (and may follow its job): a collection without a list. */
export const defineFormScreen = (def: ScreenBase & Pick<CollectionDef, 'scope'> & { readonly form: CollectionForm }): CollectionDef => ({ ...def, operations: {}, kind: 'collection' });

/** A layout with its row and field types erased, as the registry and the engine hold it. */
export type AnyDocumentLayout =
  | {
      readonly kind: 'table';
      readonly rows: string;
      readonly columns: readonly (ColumnSpec | string)[];
      readonly rowKey: string;
      readonly orderable?: boolean;
      readonly rowFields?: Readonly<Partial<Record<string, FieldHint>>>;
      readonly rowPanels?: readonly (Omit<AccordionPanel<unknown>, 'fields'> & { readonly fields: readonly string[] })[];
      readonly newRow?: Readonly<Record<string, unknown>>;
      readonly bulkImport?: { readonly columns: readonly string[]; readonly maxRows: number };
      readonly exportable?: boolean;
      readonly pageSize?: number;
      readonly rowActions?: readonly RowAction[];
      readonly title?: string;
      readonly tables?: readonly (Omit<Extract<AnyDocumentLayout, { kind: 'table' }>, 'tables'> & { readonly title: string })[];
    }
  | { readonly kind: 'form'; readonly fields?: Readonly<Partial<Record<string, FieldHint>>>; readonly groups?: readonly string[] }
  | {
      readonly kind: 'accordion';
      readonly panels: readonly (Omit<AccordionPanel<unknown>, 'fields'> & { readonly fields: readonly string[] })[];
      readonly fields?: Readonly<Partial<Record<string, FieldHint>>>;
    }
  | {
      readonly kind: 'wizard';
      readonly landing?: { readonly title: string; readonly text: string };
      readonly steps: readonly (Omit<WizardStep<unknown>, 'fields'> & { readonly fields: readonly string[] })[];
      readonly fields?: Readonly<Partial<Record<string, FieldHint>>>;
    };

/** A document screen with its schema type erased, as the registry and the engine hold it. */
export type DocumentScreen = Omit<DocumentScreenDef, 'layout'> & {
  readonly kind: 'policyArea' | 'settingsPage';
  readonly layout: AnyDocumentLayout;
};
export type ScreenDef = DocumentScreen | LogViewDef | ReportDef | CoreScreenDef | CollectionDef;

/** Whether screens of this kind are documents (edited by the document view). */
export const isDocumentKind = (kind: ScreenDef['kind']): kind is DocumentScreen['kind'] => kind === 'policyArea' || kind === 'settingsPage';
export const isDocumentScreen = (s: ScreenDef): s is DocumentScreen => isDocumentKind(s.kind);

/**
 * The language in which a rule-bearing policy area declares how it evaluates a request (the data lives in the area's
 * definition; this file only holds the types, so schemas/ never imports definitions/), and the shapes of the verdict
 * and its trace the evaluator answers.
 */
import { z } from 'zod';
import { Risk } from '../logEnums';

/** Request attributes a condition can read (see `EvalRequest`). */
export type RequestAttribute = keyof EvalRequest;

/**
 * How a condition compares its values with the request:
 * - `ip`: IPv4 addresses or CIDR blocks against an address;
 * - `ipRange`: ranges `a-b` (or one address) against an address;
 * - `domain`: domains, `example.com` matching it and its subdomains, `*.example.com` only its subdomains;
 * - `destination`: domains, addresses or CIDR blocks against the request's domain or destination address;
 * - `text`: text patterns `{ match, value }` (starts with, ends with, contains, equal, regex), case-insensitive;
 * - `oneOf`: the request's value (or any of its values) is one of the condition's, case-insensitive;
 * - `entity`: users and groups `{ type, name }` against the request's user and groups;
 * - `direction`: a transfer direction (all, uploads, downloads, uploads and downloads) against the request's;
 * - `value`: one value, with `any` meaning every request, against the request's value;
 * - `address`: mail addresses and domains against an address: `name@example.com` matches that address,
 *   `example.com` every address of it and of its subdomains, `*.example.com` only those of its subdomains.
 */
export type ConditionKind = 'ip' | 'ipRange' | 'domain' | 'destination' | 'text' | 'oneOf' | 'entity' | 'direction' | 'value' | 'address';

/**
 * One step from a row's values to the values a condition compares: the values are keys of the rows at `rows` (a
 * dotted path of the same document, keyed by `key`, default `id`), and are replaced by what those rows hold in
 * `fields` (content-type group ids → content-type ids → extensions and MIME types).
 */
export interface LookupStep {
  readonly rows: string;
  readonly key?: string;
  /** The rows' name field, shown in the trace for the values of the first step. */
  readonly name?: string;
  readonly fields: readonly string[];
}

/** One condition of a rule: the rule field holding its values, what it reads of the request and how it compares. */
export interface ConditionDecl {
  /** Dotted path of the field in a rule row, e.g. `conditions.domain`. */
  readonly field: string;
  readonly label: string;
  readonly kind: ConditionKind;
  /** The request attribute it reads (`entity` reads `user` and `groups`; `destination` reads `domain` and `dest_ip`). */
  readonly attribute: RequestAttribute;
  /** For `value` and `direction`: the value that means every request (`any`, `all`). */
  readonly any?: string;
  /** For `address`: the attribute that holds the address's domain when the request has a domain but no address. */
  readonly domainAttribute?: RequestAttribute;
  /**
   * Another field of the row whose values (as `oneOf`) also satisfy the condition, read against `also.attribute`:
   * the recipients named or any member of the mail groups named. The condition is set when either field is.
   */
  readonly also?: { readonly field: string; readonly label: string; readonly attribute: RequestAttribute };
  /**
   * The row's values name rows elsewhere in the document; these steps lead to the values compared. A value naming
   * no row matches nothing.
   */
  readonly via?: readonly LookupStep[];
  /**
   * The condition holds only for a request carrying the attribute, even when the row leaves it empty (an attachment
   * rule without content-type groups applies to every attachment, not to mail without one).
   */
  readonly required?: boolean;
}

/**
 * One ordered rule list of an area: where its rows are, how they are ordered, what they read and do, and which
 * decision (`decides`) they take part in at which tier.
 */
export interface RuleListDecl {
  /** Unique within the area, e.g. `list` or `bypass`. */
  readonly id: string;
  readonly title: string;
  /** Dotted path of the rows' array in the document. */
  readonly rows: string;
  /** The row's key field (default `id`) and name field (default `name`; a row without one is named by its key). */
  readonly key?: string;
  readonly name?: string;
  /** Labels of the name field's values, for rows named by a code (a category id → its name). */
  readonly names?: Readonly<Record<string, string>>;
  /** A boolean field; a row with `false` there is skipped. Absent: every row applies. */
  readonly enabled?: string;
  /** A date field (YYYY-MM-DD): from that day on the row no longer applies. */
  readonly expires?: string;
  /**
   * `listed`: the rows' own order. `byAction`: the rows sorted by action in this order (stable), for lists whose
   * rows carry no order of their own (one row per category): the first listed action wins when several rows match.
   */
  readonly order: 'listed' | { readonly byAction: readonly string[] };
  readonly conditions: readonly ConditionDecl[];
  /** The row's action field, or the one action every row of the list takes. */
  readonly action: { readonly field: string } | { readonly constant: string };
  /** The decision the list takes part in (a `DecisionDecl` id). */
  readonly decides: string;
  /**
   * Lists of a decision are consulted tier by tier, lowest first; the first tier with a matching row decides. Within
   * a tier each list's first matching row competes, and the decision's precedence picks among them.
   */
  readonly tier: number;
}

/** What a decision comes to when no row matches, and why. */
export interface Fallback {
  readonly action: string;
  readonly reason: string;
}

/** A fallback that applies while a settings document holds these values (dotted path → value). */
export interface FallbackCase extends Fallback {
  readonly when: Readonly<Record<string, unknown>>;
}

/** What a rule-bearing area declares about its evaluation. */
export interface AreaEvaluation {
  readonly lists: readonly RuleListDecl[];
  /** Semantics the product specification leaves open and how this area settles them (listed in the auditor docs). */
  readonly choices: readonly string[];
}

/** One decision a request gets (the web action, TLS inspection, the firewall's action, ...), shared by several areas. */
export interface DecisionDecl {
  readonly id: string;
  readonly title: string;
  /** Actions from the strictest down; within a tier the strictest matching row decides. */
  readonly precedence: readonly string[];
  /** Action → label. */
  readonly labels: Readonly<Record<string, string>>;
  /** The action when no row of any list matches, and why (with the settings' defaults where `fallbackFrom` is set). */
  readonly fallback: Fallback;
  /**
   * Where settings decide what happens when no row matches (Email Settings turning link or attachment isolation off):
   * the screen whose document holds them, and the fallback of the first case whose `when` values the revision's
   * document holds (`fallback` when none does). Data, not a function: the model is sent to worker threads.
   */
  readonly fallbackFrom?: { readonly screen: string; readonly cases: readonly FallbackCase[] };
  /**
   * The requests the decision concerns: those carrying any of the `any` attributes, or those carrying none of the
   * `none` attributes (a mail message is no web request); `reason` says why another request is not decided. Absent:
   * every request.
   */
  readonly appliesTo?: ({ readonly any: readonly RequestAttribute[] } | { readonly none: readonly RequestAttribute[] }) & { readonly reason: string };
}

/** An area as the evaluator receives it: its id, title, screen route and declaration. */
export interface EvaluatedArea {
  readonly id: string;
  readonly title: string;
  readonly route?: string;
  readonly evaluation: AreaEvaluation;
}

/** Everything the evaluator needs besides the documents: the decisions and the areas, in the caller's order. */
export interface PolicyModel {
  readonly decisions: readonly DecisionDecl[];
  readonly areas: readonly EvaluatedArea[];
}

/** The screens whose documents a revision's evaluation reads: every rule-bearing area's, and the settings a fallback reads. */
export const modelScreens = (model: PolicyModel): readonly string[] => [
  ...new Set([...model.areas.map((a) => a.id), ...model.decisions.flatMap((d) => (d.fallbackFrom ? [d.fallbackFrom.screen] : []))]),
];

/** A revision's documents: area id → document body. */
export type PolicyDocuments = Readonly<Record<string, unknown>>;

// ---- requests -------------------------------------------------------------------------------------------------------

const text = (max: number, title: string, description?: string) =>
  z.string().max(max).optional().meta({ title, ...(description ? { description } : {}) });

/** A request, as the tester, "Why?" and the impact evaluate it. Every attribute is optional. */
export const EvalRequest = z.strictObject({
  url: text(2048, 'URL', 'The address requested; its host is the domain when no domain is given'),
  sender: text(254, 'Sender', 'The mail sender address, such as name@example.com'),
  sender_domain: text(253, 'Sender domain', 'Empty: the domain of the sender address'),
  recipient: text(254, 'Recipient', 'One recipient address: mail to several recipients is decided for each'),
  recipient_groups: z.array(z.string().min(1).max(128)).max(100).optional().meta({ title: 'Recipient mail groups', description: "The recipient's mail groups" }),
  file_name: text(255, 'File name', 'The downloaded, uploaded or attached file, such as invoice.pdf'),
  link_risk: Risk.optional().meta({ title: 'Link risk', description: 'Risk of the site a link in the mail leads to; empty: the mail has no link' }),
  domain: text(253, 'Domain'),
  user: text(256, 'User'),
  groups: z.array(z.string().min(1).max(256)).max(100).optional().meta({ title: 'Groups' }),
  source_ip: text(45, 'Source IP'),
  dest_ip: text(45, 'Destination IP'),
  categories: z.array(z.string().min(1).max(64)).max(20).optional().meta({ title: 'Categories', description: 'Category ids' }),
  risks: z.array(z.string().min(1).max(64)).max(20).optional().meta({ title: 'Risks' }),
  country: text(2, 'Destination country'),
  source_country: text(2, 'Source country'),
  browser: text(32, 'Browser'),
  user_agent: text(1024, 'User agent'),
  file_type: text(64, 'File type', 'Extension or MIME type, such as pdf; empty: the extension of the file name'),
  sha256: text(64, 'File hash (SHA-256)'),
  direction: z.enum(['upload', 'download']).optional().meta({ title: 'Transfer direction', description: 'Empty: browsing, no file transfer' }),
  application: text(128, 'Application'),
  activity: text(32, 'Activity'),
  channel: text(32, 'Channel'),
  request_type: text(32, 'Request type'),
  service: text(64, 'Service'),
  feeds: z.array(z.string().min(1).max(64)).max(50).optional().meta({ title: 'Threat feeds', description: 'Ids of the threat feeds that list the destination' }),
  access_source: text(16, 'Connected through'),
  platform: text(16, 'Platform'),
  time: z.iso.datetime().optional().meta({ title: 'Time', description: 'When the request is made; empty: now' }),
});
export type EvalRequest = z.infer<typeof EvalRequest>;

// ---- verdicts and traces --------------------------------------------------------------------------------------------

export const ConditionResult = z.enum(['match', 'no-match', 'not-set']);
export type ConditionResult = z.infer<typeof ConditionResult>;
export const ConditionTrace = z.object({
  field: z.string(),
  label: z.string(),
  attribute: z.string().meta({ description: 'The request attribute the condition reads' }),
  values: z.array(z.string()).meta({ description: "The rule's values as text (at most 20)" }),
  request: z.string().meta({ description: 'What the request holds for the attribute' }),
  result: ConditionResult,
});
export type ConditionTrace = z.infer<typeof ConditionTrace>;

/**
 * `decided`: its conditions hold and it took the decision; `matched`: its conditions hold but a stricter row of
 * another list in the same tier decided; `no-match`: a condition failed; `disabled` / `expired`: skipped;
 * `not-reached`: an earlier row or tier decided first.
 */
export const RuleOutcome = z.enum(['decided', 'matched', 'no-match', 'disabled', 'expired', 'not-reached']);
export type RuleOutcome = z.infer<typeof RuleOutcome>;
export const RuleTrace = z.object({
  key: z.string(),
  name: z.string(),
  position: z.number().int().meta({ description: 'Position in evaluation order, from 1' }),
  action: z.string(),
  outcome: RuleOutcome,
  conditions: z.array(ConditionTrace),
  reason: z.string(),
});
export type RuleTrace = z.infer<typeof RuleTrace>;

export const ListTrace = z.object({
  area: z.string(),
  areaTitle: z.string(),
  route: z.string().optional(),
  list: z.string(),
  title: z.string(),
  tier: z.number().int(),
  rules: z.array(RuleTrace),
  reason: z.string(),
});
export type ListTrace = z.infer<typeof ListTrace>;

/** Where a decision came from: the area, list and row. */
export const RuleRef = z.object({ area: z.string(), list: z.string(), key: z.string(), name: z.string(), position: z.number().int() });
export type RuleRef = z.infer<typeof RuleRef>;

export const DecisionVerdict = z.object({
  decision: z.string(),
  title: z.string(),
  applies: z.boolean().meta({ description: 'Whether the decision concerns the request: a mail message gets the email decision only, other requests every other one' }),
  action: z.string(),
  actionLabel: z.string(),
  decidedBy: RuleRef.nullable().meta({ description: 'The deciding row, or null when no row matched and the fallback applied' }),
  reason: z.string(),
  lists: z.array(ListTrace),
});
export type DecisionVerdict = z.infer<typeof DecisionVerdict>;

export const Verdict = z.object({ decisions: z.array(DecisionVerdict) });
export type Verdict = z.infer<typeof Verdict>;

export { Finding, FindingKind, FindingRule } from './finding';

/** The text form of a rule reference stored in log events: `<area id>/<list id>/<row key>`. */
export const ruleRefText = (area: string, list: string, key: string): string => `${area}/${list}/${key}`;

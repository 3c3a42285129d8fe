/**
 * The decisions a request gets and the condition declarations the rule areas share; each rule-bearing area's
 * definition declares its own lists with them (`evaluation`), and `policyModel` collects them from the registry for
 * the evaluator of schemas/evaluate.
 */
import type { ConditionDecl, DecisionDecl, EvaluatedArea, FallbackCase, PolicyModel } from '../../schemas/evaluate/types';
import { FIREWALL_ACTION_LABELS, DLP_ACTION_LABELS, INSPECTION_ACTION_LABELS } from '../../schemas/logEnums';

/** The web actions from the strictest down. */
export const WEB_DECISION_PRECEDENCE = ['block', 'safeview', 'allow', 'bypass'] as const;

const WEB_LABELS = { block: 'Block', safeview: 'Isolate', allow: 'Allow', bypass: 'Bypass' } as const;

/** The email actions from the strictest down: the message's outcome, then the attachment's, then the links'. */
export const EMAIL_DECISION_PRECEDENCE = ['block', 'quarantine', 'strip', 'read_only', 'isolate', 'safeview', 'isolate_links', 'isolate_attachments', 'deliver', 'allow', 'original'] as const;

const NO_EMAIL_RULE = 'No allowed sender, mobile exception, attachment rule or link rule matched';

/**
 * What a message no email rule matches comes to: what Email Settings do with every message (rewrite links to open
 * isolated, convert attachments to safe views), as the revision holds them. Declared as data, as the whole model is
 * (it is handed to the log generator's worker threads).
 */
const both = (link_isolation: boolean, attachment_isolation: boolean) => ({ 'config.link_isolation': link_isolation, 'config.attachment_isolation': attachment_isolation });
const EMAIL_FALLBACKS: readonly [FallbackCase, ...FallbackCase[]] = [
  { when: both(true, true), action: 'safeview', reason: `${NO_EMAIL_RULE}: Email Settings open links isolated and convert attachments to safe views.` },
  { when: both(true, false), action: 'isolate_links', reason: `${NO_EMAIL_RULE}: Email Settings open links isolated; attachment conversion is off there, so attachments arrive as sent.` },
  { when: both(false, true), action: 'isolate_attachments', reason: `${NO_EMAIL_RULE}: Email Settings convert attachments to safe views; link isolation is off there, so links open directly.` },
  { when: both(false, false), action: 'deliver', reason: `${NO_EMAIL_RULE}: link isolation and attachment conversion are both off in Email Settings, so the message is delivered unchanged.` },
];

/** The attributes of a mail message: a request carrying one is decided by the email policy only. */
export const EMAIL_ATTRIBUTES = ['sender', 'sender_domain', 'recipient', 'recipient_groups', 'link_risk'] as const;
const NOT_MAIL = { none: EMAIL_ATTRIBUTES, reason: 'A mail message (a sender, recipient or link risk) is decided by the email policy only.' } as const;

/**
 * The decisions, in the order the tester shows them. Precedence is the strictest action first: when rows of two lists
 * of one tier match (a category row and a SaaS application rule), the stricter action decides.
 */
export const POLICY_DECISIONS: readonly DecisionDecl[] = [
  {
    id: 'web',
    title: 'Web action',
    precedence: WEB_DECISION_PRECEDENCE,
    labels: WEB_LABELS,
    fallback: { action: 'safeview', reason: 'No exception, category or application rule matched: the default web policy isolates the site.' },
    appliesTo: NOT_MAIL,
  },
  {
    id: 'tls',
    title: 'TLS inspection',
    precedence: ['no_inspection', 'inspect'],
    labels: { inspect: 'Inspected', no_inspection: 'Not inspected' },
    fallback: { action: 'inspect', reason: 'No SSL bypass entry matched: TLS traffic is inspected.' },
    appliesTo: NOT_MAIL,
  },
  {
    id: 'file',
    title: 'File inspection',
    precedence: ['block', 'allow', 'not_inspected', 'inspect'],
    labels: { ...INSPECTION_ACTION_LABELS, not_inspected: 'Not inspected' },
    fallback: { action: 'inspect', reason: 'No inspection exception matched: files are inspected.' },
    appliesTo: NOT_MAIL,
  },
  {
    id: 'dlp',
    title: 'Data loss prevention',
    precedence: ['block', 'log', 'allow', 'none'],
    labels: { ...DLP_ACTION_LABELS, none: 'No DLP rule' },
    fallback: { action: 'none', reason: 'No DLP rule applies to this request.' },
    appliesTo: NOT_MAIL,
  },
  {
    id: 'firewall',
    title: 'Firewall',
    precedence: ['reject', 'drop', 'proxy', 'allow'],
    labels: FIREWALL_ACTION_LABELS,
    fallback: { action: 'allow', reason: 'No firewall rule matched: the connection is allowed and handed to the web policy.' },
    appliesTo: NOT_MAIL,
  },
  {
    id: 'private_access',
    title: 'Private access',
    precedence: ['block', 'allow'],
    labels: { allow: 'Allow', block: 'Block' },
    fallback: { action: 'block', reason: 'No access rule matched: private applications are reachable only through a rule that allows them.' },
    appliesTo: NOT_MAIL,
  },
  {
    id: 'email',
    title: 'Email message',
    precedence: EMAIL_DECISION_PRECEDENCE,
    labels: {
      block: 'Reject the message',
      quarantine: 'Quarantine the message',
      strip: 'Remove the attachment',
      read_only: 'Isolate links read-only',
      isolate: 'Isolate links and attachments',
      safeview: 'Isolate',
      isolate_links: 'Isolate links only',
      isolate_attachments: 'Convert attachments only',
      deliver: 'Deliver unchanged',
      allow: 'Open links directly',
      original: 'Deliver unchanged on mobile',
    },
    // Email Settings' defaults (both on) when the revision's settings say nothing else.
    fallback: EMAIL_FALLBACKS[0],
    fallbackFrom: { screen: 'email.config', cases: EMAIL_FALLBACKS },
    appliesTo: { any: EMAIL_ATTRIBUTES, reason: 'Not a mail message: the email policy decides a request with a sender, a recipient or a link risk.' },
  },
];

/** The sender and recipient conditions of the email rules: addresses or domains. */
export const SENDER_CONDITION: ConditionDecl = { field: 'senders', label: 'Senders', kind: 'address', attribute: 'sender', domainAttribute: 'sender_domain' };
export const RECIPIENT_CONDITION: ConditionDecl = { field: 'recipients', label: 'Recipients', kind: 'address', attribute: 'recipient' };

/** The choices the email areas share where the specification is silent. */
export const EMAIL_CHOICES: readonly string[] = [
  'A request with a sender, a recipient or a link risk is a mail message: the email policy decides it, and the web, inspection, DLP, firewall and private-access decisions do not; any other request is decided by those and not by the email policy.',
  'The email areas decide one outcome per message and recipient: allowed senders first, then mobile exceptions (for mail read on iOS or Android), then attachment rules and link isolation rules together; the first tier with a matching rule decides.',
  'When an attachment rule and a link rule both match a message, the stricter action decides: reject, quarantine, remove the attachment, isolate read-only, isolate, then deliver or open directly.',
  'When no email rule matches, Email Settings of the same revision decide: links isolated and attachments converted (the default), links only, attachments only, or the message delivered unchanged when both are off.',
  'Senders and recipients: name@example.com matches that address only, example.com every address of example.com and its subdomains, *.example.com only those of its subdomains, regardless of case. A message to several recipients is decided for each recipient.',
  'A rule that names no senders (or no recipients) applies to every sender (or recipient). A request without a sender address but with a sender domain matches rules naming that domain, not rules naming an address.',
];

/** The condition keys of spec 002 §3 under `prefix` (`conditions` or `scope`), as an evaluator reads them. */
export const ruleConditionDecls = (prefix: string): readonly ConditionDecl[] => [
  { field: `${prefix}.domain`, label: 'Domains', kind: 'domain', attribute: 'domain' },
  { field: `${prefix}.uri`, label: 'URL', kind: 'text', attribute: 'url' },
  { field: `${prefix}.categories`, label: 'Web categories', kind: 'oneOf', attribute: 'categories' },
  { field: `${prefix}.threats`, label: 'Risks', kind: 'oneOf', attribute: 'risks' },
  { field: `${prefix}.fileTypes`, label: 'File types', kind: 'oneOf', attribute: 'file_type' },
  { field: `${prefix}.source_ips`, label: 'Source IPs', kind: 'ip', attribute: 'source_ip' },
  { field: `${prefix}.source_ip_ranges`, label: 'Source IP ranges', kind: 'ipRange', attribute: 'source_ip' },
  { field: `${prefix}.dest_ips`, label: 'Destination IPs', kind: 'ip', attribute: 'dest_ip' },
  { field: `${prefix}.dest_ip_ranges`, label: 'Destination IP ranges', kind: 'ipRange', attribute: 'dest_ip' },
  { field: `${prefix}.geo_ip`, label: 'Destination countries', kind: 'oneOf', attribute: 'country' },
  { field: `${prefix}.browser`, label: 'Browsers', kind: 'oneOf', attribute: 'browser' },
  { field: `${prefix}.user_agent`, label: 'User agent', kind: 'text', attribute: 'user_agent' },
  { field: `${prefix}.entities`, label: 'Users and groups', kind: 'entity', attribute: 'user' },
];

/** The choices every area using the shared conditions makes where the specification is silent. */
export const CONDITION_CHOICES: readonly string[] = [
  'All given conditions must hold; within one condition any of its values is enough. An empty condition is not checked.',
  'A domain such as example.com matches it and its subdomains; *.example.com matches only its subdomains.',
  'Text patterns (URL, user agent) compare without regard to case; a regular expression matches anywhere in the text.',
  'Users and groups: the request matches when its user is one of the users named or it belongs to one of the groups named.',
  'A request with several categories matches a condition on categories when any of its categories is listed.',
];

/** The evaluation model of the areas in `screens` that declare one, in the given order. */
export function policyModel(screens: readonly { readonly id: string; readonly title: string; readonly route?: string; readonly evaluation?: EvaluatedArea['evaluation'] }[]): PolicyModel {
  const areas: EvaluatedArea[] = [];
  for (const s of screens) if (s.evaluation) areas.push({ id: s.id, title: s.title, ...(s.route ? { route: s.route } : {}), evaluation: s.evaluation });
  return { decisions: POLICY_DECISIONS, areas };
}

/** The rule analysis line of a rule area's screen (a module of its own: see analysisFacts.ts). */
export { analysisFacts } from './analysisFacts';

/**
 * "Test a request": an administrator describes a request (a URL, a user or group, optional attributes) and sees how
 * the published and the staged policy decide it, side by side, with every rule consulted.
 */
import type { EvaluateAnswer } from '../api/evaluate';
import { evaluate } from '../api/evaluate';
import { categoryChoices, countryChoices } from '../lookupChoices';
import { POLICY_READ } from '../api/policy';
import { groupChoices } from '../api/reportLookups';
import { smtpGroups } from '../api/lookups';
import { actionForm, choicesFrom, defineFormScreen, traceAnswer, type TracePanel, type TraceTone } from '../define';

const NEGATIVE = new Set(['block', 'drop', 'reject', 'quarantine']);
const CAUTION = new Set(['safeview', 'log', 'no_inspection', 'not_inspected', 'strip', 'read_only', 'isolate', 'isolate_links']);
const POSITIVE = new Set(['allow', 'bypass', 'deliver', 'original']);
/** How an action reads: a stop in red, a restriction in orange, a pass in green. */
const toneOf = (action: string): TraceTone => (NEGATIVE.has(action) ? 'negative' : CAUTION.has(action) ? 'caution' : POSITIVE.has(action) ? 'positive' : 'neutral');

const OUTCOME_LABELS = {
  decided: 'Decided',
  matched: 'Matched, overruled',
  'no-match': 'No match',
  disabled: 'Disabled',
  expired: 'Expired',
  'not-reached': 'Not reached',
} as const;
const OUTCOME_TONES: Readonly<Record<keyof typeof OUTCOME_LABELS, TraceTone>> = {
  decided: 'neutral',
  matched: 'caution',
  'no-match': 'muted',
  disabled: 'muted',
  expired: 'muted',
  'not-reached': 'muted',
};
const RESULT = { match: 'pass', 'no-match': 'fail', 'not-set': 'skip' } as const;

/** The evaluate call's answer as trace panels: one per revision, one outcome per decision. */
export function verdictPanels(answer: EvaluateAnswer): readonly TracePanel[] {
  return answer.revisions.map((r) => ({
    title: r.revision === 'published' ? 'Published' : 'Staged',
    subtitle: r.rev_id > 0 ? `Revision ${r.rev_id}` : 'Nothing published yet',
    // A mail message gets the email decision only, other requests every other one.
    outcomes: r.verdict.decisions.filter((d) => d.applies).map((d) => ({
      title: d.title,
      value: d.actionLabel,
      tone: toneOf(d.action),
      summary: d.reason,
      groups: d.lists.map((l) => ({
        title: `${l.areaTitle}: ${l.title}`,
        note: l.reason,
        ...(l.route ? { link: l.route } : {}),
        steps: l.rules.map((rule) => ({
          title: `${rule.position}. ${rule.name}`,
          badge: OUTCOME_LABELS[rule.outcome],
          tone: rule.outcome === 'decided' ? toneOf(rule.action) : OUTCOME_TONES[rule.outcome],
          note: rule.reason,
          decisive: rule.outcome === 'decided',
          ...(l.route ? { link: l.route } : {}),
          checks: rule.conditions.map((c) => ({ label: c.label, expected: c.values.join(', '), actual: c.request, result: RESULT[c.result] })),
        })),
      })),
    })),
  }));
}

const MORE = 'More attributes';
/** The mail fields: a group of their own, shown before the other attributes (negative orders sort first). */
const EMAIL = 'Email message';

export const testRequest = defineFormScreen({
  id: 'policy.test-request',
  title: 'Test a request',
  description:
    'Describe a request (an address, a user or group, optional attributes) or a mail message (sender, recipient, ' +
    'attachment, link risk) and see how the published and the staged policy decide it, side by side: the web action, ' +
    'TLS and file inspection, DLP, the firewall, private access and the email policy, each with the rule that decided ' +
    'and every rule consulted before it. A request without categories gets those of its site.',
  route: '/policy/test-request',
  nav: { label: 'Test a request', order: 1 },
  read: POLICY_READ,
  form: actionForm(evaluate, {
    submitLabel: 'Test',
    refused: 'The request could not be tested',
    done: 'Verdicts',
    success: () => 'Tested',
    fields: {
      url: { placeholder: 'https://www.example.com/path', order: 1 },
      user: { placeholder: 'jane.doe', order: 2, help: 'The user as the logs name them' },
      groups: { widget: 'tags', optionsFrom: groupChoices, order: 3 },
      categories: { widget: 'multiselect', optionsFrom: categoryChoices, order: 4, help: 'Empty: the categories of the site' },
      revisions: { widget: 'checkboxGroup', order: 5 },
      sender: { group: EMAIL, order: -10, placeholder: 'billing@example.com' },
      recipient: { group: EMAIL, order: -9, placeholder: 'jane.doe@example.org', help: 'One recipient: mail to several is decided for each' },
      file_name: { group: EMAIL, order: -8, label: 'Attachment or file name', placeholder: 'invoice.pdf', help: 'Its extension is the file type when none is given' },
      link_risk: { group: EMAIL, order: -7, help: 'Risk of the riskiest linked site; empty: the mail has no link' },
      sender_domain: { group: EMAIL, order: -6, placeholder: 'example.com', help: 'Empty: the domain of the sender' },
      recipient_groups: { group: EMAIL, order: -5, widget: 'tags', optionsFrom: choicesFrom(smtpGroups, 'groups', 'name', 'name'), help: "The recipient's mail groups" },
      direction: { widget: 'segmented', group: MORE },
      file_type: { group: MORE, placeholder: 'pdf' },
      source_ip: { group: MORE, placeholder: '10.1.2.3' },
      dest_ip: { group: MORE, placeholder: '203.0.113.10' },
      domain: { group: MORE, help: 'Empty: the host of the URL' },
      country: { group: MORE, widget: 'select', optionsFrom: countryChoices },
      source_country: { group: MORE, widget: 'select', optionsFrom: countryChoices },
      browser: { group: MORE, placeholder: 'chrome' },
      user_agent: { group: MORE },
      risks: { group: MORE, widget: 'tags' },
      application: { group: MORE, placeholder: 'Dropbox' },
      activity: { group: MORE, placeholder: 'upload' },
      channel: { group: MORE, placeholder: 'web_upload' },
      request_type: { group: MORE, placeholder: 'internet' },
      service: { group: MORE },
      feeds: { group: MORE, widget: 'tags' },
      access_source: { group: MORE, placeholder: 'client' },
      platform: { group: MORE, placeholder: 'windows', help: 'ios or android for mail read on a mobile device' },
      sha256: { group: MORE },
      time: { group: MORE, placeholder: '2026-12-01T09:00:00Z' },
    },
    answer: traceAnswer(evaluate, verdictPanels),
  }),
});

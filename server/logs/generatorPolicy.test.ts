/**
 * The demo's events follow from its policy: every web and firewall event's action and deciding rule, and every
 * email message no detection stopped, are what the evaluator decides for the event's request under the revision
 * published at its time, so "Why?" (which evaluates the event again) always agrees with the log.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { isDocumentScreen } from '../../definitions/define';
import { policyModel } from '../../definitions/policy/evaluation';
import { compilePolicy, decideOne, evaluate, type CompiledPolicy } from '../../schemas/evaluate/evaluate';
import { emailEventAction, emailEventRequest, firewallEventRequest, webEventRequest } from '../../schemas/evaluate/fromEvent';
import { modelScreens } from '../../schemas/evaluate/types';
import type { EmailEvent, FirewallEvent, WebEvent } from '../../schemas/logs';
import { loadSeedDocuments } from '../seed/documents';
import { DEFAULT_WEB_RULE, generateLogBatches, type GeneratorPolicy } from './generator';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 86_400_000;
const model = policyModel(registry.screens.filter(isDocumentScreen));
const seeded = Object.fromEntries(
  loadSeedDocuments(registry)
    .filter((d) => d.screen && modelScreens(model).includes(d.screen.id))
    .map((d) => [d.screen!.id, d.forTenant('Demo Corp')]),
);
// A second revision published 3 days ago: it blocks the tenant's most visited site for everyone.
const later = structuredClone(seeded) as Record<string, { list: Record<string, unknown>[] }>;
later['web.exceptions']!.list.unshift({ id: 'wex-new', name: 'Block the search engine', enabled: true, action: 'block', transferDirection: 'all', conditions: { domain: ['google.com'] } });
const policy: GeneratorPolicy = { model, revisions: [{ from: NOW - 30 * DAY, documents: seeded }, { from: NOW - 3 * DAY, documents: later }] };

describe('generated events follow the published policy', () => {
  const events: { ts: number; type: string; event: Record<string, unknown> }[] = [];
  for (const batch of generateLogBatches({ tenantName: 'Demo Corp', admins: ['admin'], total: 20_000, now: NOW, days: 10, seed: 7, policy })) {
    for (const [ts, event] of batch.rows) events.push({ ts, type: batch.logType, event });
  }
  const first = compilePolicy(model, seeded);
  const second = compilePolicy(model, later);
  const at = (ts: number) => (ts >= NOW - 3 * DAY ? second : first);
  /** The decision as "Why?" shows it (the full trace) for one event in 25, else the evaluator's fast path. */
  const decided = (p: CompiledPolicy, decision: string, request: ReturnType<typeof webEventRequest>, n: number) => {
    if (n % 25 === 0) {
      const d = evaluate(p, request, NOW).decisions.find((x) => x.decision === decision)!;
      return { action: d.action, name: d.decidedBy?.name ?? null, ref: d.decidedBy ? `${d.decidedBy.area}/${d.decidedBy.list}/${d.decidedBy.key}` : undefined };
    }
    const d = decideOne(p, decision, request, NOW)!;
    return { action: d.action, name: d.name, ref: d.area ? `${d.area}/${d.list}/${d.key}` : undefined };
  };

  it('records for every web event the rule the evaluator decides, under the revision of its time', () => {
    const web = events.filter((e) => e.type === 'web');
    expect(web.length).toBeGreaterThan(10_000);
    web.forEach(({ ts, event }, n) => {
      const e = { ...(event as Omit<WebEvent, 'timestamp'>), timestamp: new Date(ts).toISOString() };
      const d = decided(at(ts), 'web', webEventRequest(e), n);
      expect([e.pe_action, e.rule_name, e.decided_by]).toEqual([d.action, d.name ?? DEFAULT_WEB_RULE, d.ref]);
    });
    const google = web.filter((x) => x.event.domain === 'google.com');
    expect(google.filter((x) => x.ts >= NOW - 3 * DAY).every((x) => x.event.decided_by === 'web.exceptions/list/wex-new')).toBe(true);
    expect(google.filter((x) => x.ts < NOW - 3 * DAY).some((x) => x.event.decided_by === 'web.exceptions/list/wex-new')).toBe(false);
    // Rules of several lists decide, and so does the default policy.
    const deciders = new Set(web.map((x) => String(x.event.decided_by).split('/').slice(0, 2).join('/')));
    expect([...deciders]).toEqual(expect.arrayContaining(['web.exceptions/list', 'web.categories/list', 'undefined']));
  });

  it('logs for every message no detection stopped what the email policy decides for it, under the revision of its time', () => {
    const mail = events.filter((e) => e.type === 'email' && ['clean', 'attachment_policy', 'url_rewritten'].includes(String(e.event.reason)));
    expect(mail.length).toBeGreaterThan(1_000);
    const logged = new Set<string>();
    mail.forEach(({ ts, event }, n) => {
      const e = { ...(event as Omit<EmailEvent, 'timestamp'>), timestamp: new Date(ts).toISOString() };
      const d = decided(at(ts), 'email', emailEventRequest(e), n);
      expect(e.action).toBe(emailEventAction(d.action, e));
      logged.add(e.action);
    });
    // Links rewritten, attachments isolated and mail delivered as it is all follow from the demo's email policy.
    expect([...logged]).toEqual(expect.arrayContaining(['rewrite', 'safeview', 'deliver']));
  });

  it('does the same for firewall events', () => {
    const fw = events.filter((e) => e.type === 'fwaas_logs');
    expect(fw.length).toBeGreaterThan(1_000);
    fw.forEach(({ ts, event }, n) => {
      const e = { ...(event as Omit<FirewallEvent, 'timestamp'>), timestamp: new Date(ts).toISOString() };
      const d = decided(at(ts), 'firewall', firewallEventRequest(e), n);
      expect([e.action, e.decided_by]).toEqual([d.action, d.ref]);
    });
  });
});

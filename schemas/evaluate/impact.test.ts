import { describe, expect, it } from 'vitest';
import { compilePolicy } from './evaluate';
import { ImpactTally, type ImpactShape } from './impact';
import type { PolicyModel } from './types';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const MAIL = ['sender', 'sender_domain', 'recipient'] as const;

/** A web list by domain and a mail list by sender, each with its own decision and labels. */
const model: PolicyModel = {
  decisions: [
    { id: 'web', title: 'Web', precedence: ['block', 'allow'], labels: { block: 'Block', allow: 'Allow' }, fallback: { action: 'allow', reason: 'default' }, appliesTo: { none: MAIL, reason: 'mail' } },
    {
      id: 'email',
      title: 'Email',
      precedence: ['block', 'safeview'],
      labels: { block: 'Reject the message', safeview: 'Isolate' },
      fallback: { action: 'safeview', reason: 'default' },
      appliesTo: { any: MAIL, reason: 'not mail' },
    },
  ],
  areas: [
    {
      id: 'web',
      title: 'Web',
      evaluation: {
        choices: [],
        lists: [{ id: 'list', title: 'Rules', rows: 'list', order: 'listed', action: { field: 'action' }, decides: 'web', tier: 1, conditions: [{ field: 'domain', label: 'Domains', kind: 'domain', attribute: 'domain' }] }],
      },
    },
    {
      id: 'mail',
      title: 'Mail',
      evaluation: {
        choices: [],
        lists: [
          {
            id: 'list',
            title: 'Rules',
            rows: 'list',
            order: 'listed',
            action: { field: 'action' },
            decides: 'email',
            tier: 1,
            conditions: [{ field: 'senders', label: 'Senders', kind: 'address', attribute: 'sender', domainAttribute: 'sender_domain' }],
          },
        ],
      },
    },
  ],
};

const web = (domain: string, count: number): ImpactShape => ({
  kind: 'web',
  request: { url: `https://${domain}/`, domain, user: 'ann', categories: ['50'] },
  user: 'ann',
  count,
  example: { timestamp: '2026-11-28T11:00:00.000Z', url: `https://${domain}/` },
});
const mail = (sender: string, user: string, count: number): ImpactShape => ({
  kind: 'email',
  request: { sender, sender_domain: sender.split('@')[1], recipient: user },
  user,
  count,
  example: { timestamp: '2026-11-28T11:30:00.000Z', subject: 'Invoice' },
});

describe('the impact of a publish on web requests and mail messages', () => {
  const published = compilePolicy(model, { web: { list: [] }, mail: { list: [] } });
  const staged = compilePolicy(model, { web: { list: [{ domain: ['bad.example'], action: 'block' }] }, mail: { list: [{ senders: ['spam.example'], action: 'block' }] } });

  it('decides a message by the email decision, and groups it by its user and sender domain, not by site or category', () => {
    const tally = new ImpactTally(published, staged, NOW);
    for (const s of [web('bad.example', 5), web('good.example', 7), mail('billing@spam.example', 'bob', 3), mail('x@mail.spam.example', 'ann', 2), mail('a@friend.example', 'bob', 11)]) tally.add(s);
    const r = tally.summary();
    expect(r).toMatchObject({ events: 28, email_events: 16, shapes: 5, changed: 10, users: 2 });
    // Largest first; of equal size, in the order of their names (email before web), whatever order the shapes came in.
    expect(r.transitions).toEqual([
      { kind: 'email', from: 'safeview', to: 'block', events: 5, users: 2 },
      { kind: 'web', from: 'allow', to: 'block', events: 5, users: 1 },
    ]);
    expect(r.actions).toEqual({ block: 'Block', allow: 'Allow' });
    expect(r.email_actions).toEqual({ block: 'Reject the message', safeview: 'Isolate' });
    expect(r.by_user.map((g) => [g.key, g.events])).toEqual([['ann', 7], ['bob', 3]]);
    expect(r.by_domain.map((g) => [g.key, g.events])).toEqual([['bad.example', 5]]);
    expect(r.by_sender_domain.map((g) => [g.key, g.events])).toEqual([['spam.example', 3], ['mail.spam.example', 2]]);
    expect(r.by_category.map((g) => [g.key, g.events])).toEqual([['50', 5]]);
    expect(r.by_sender_domain[0]!.examples).toEqual([
      { kind: 'email', timestamp: '2026-11-28T11:30:00.000Z', subject: 'Invoice', user: 'bob', from: 'safeview', to: 'block', request: mail('billing@spam.example', 'bob', 3).request },
    ]);
  });

  it('shows the largest changed shapes as examples whatever their order, asking only for the newest events it lacks', () => {
    // Eight pages of one site, of one to three events; the odd ones come with their newest event.
    const shapes = Array.from({ length: 8 }, (_, i): ImpactShape => {
      const { example, ...shape } = web('bad.example', 1 + (i % 3));
      const url = `https://bad.example/s${i}`;
      return { ...shape, request: { ...shape.request, url }, ref: i, ...(i % 2 ? { example: { ...example!, url } } : {}) };
    });
    const summaries = [shapes, [...shapes].reverse()].map((order) => {
      const tally = new ImpactTally(published, staged, NOW);
      for (const s of order) tally.add(s);
      const wanted = tally.examplesWanted();
      // The three largest (of Ann, of the site and of its category alike): s2 and s5 (3 events), then s1 of the 2-event
      // ones (its key is the smallest); only s2 lacks its event.
      expect(wanted.map((s) => s.ref).sort()).toEqual([2]);
      // A shape whose event is found shows it; one whose event is gone is left out.
      return [
        tally.summary((s) => ({ ...s, example: { timestamp: '2026-11-28T10:00:00.000Z', url: 'https://bad.example/s2?newest' } })),
        tally.summary(() => undefined),
      ];
    });
    expect(summaries[1]).toEqual(summaries[0]);
    const [found, gone] = summaries[0]!;
    for (const groups of [found!.by_user, found!.by_domain, found!.by_category]) {
      expect(groups[0]!.examples.map((e) => [e.request.url, e.url])).toEqual([
        ['https://bad.example/s2', 'https://bad.example/s2?newest'],
        ['https://bad.example/s5', 'https://bad.example/s5'],
        ['https://bad.example/s1', 'https://bad.example/s1'],
      ]);
    }
    expect(gone!.by_user[0]!.examples.map((e) => e.request.url)).toEqual(['https://bad.example/s5', 'https://bad.example/s1']);
    expect(found!.by_user[0]!.events).toBe(shapes.reduce((n, s) => n + s.count, 0));
  });

  it('replays only the kinds whose policy the staged revision changes, and counts the others to the same summary', () => {
    const mailRules = { list: [{ senders: ['spam.example'], action: 'block' }] };
    const before = compilePolicy(model, { web: { list: [] }, mail: mailRules });
    const after = compilePolicy(model, { web: { list: [{ domain: ['bad.example'], action: 'block' }] }, mail: structuredClone(mailRules) });
    const shapes = [web('bad.example', 5), web('good.example', 7), mail('billing@spam.example', 'bob', 3), mail('a@friend.example', 'bob', 11)];
    const replayedAll = new ImpactTally(before, after, NOW);
    for (const s of shapes) replayedAll.add(s);
    const webOnly = new ImpactTally(before, after, NOW);
    expect([webOnly.replayed, webOnly.unchanged]).toEqual([['web'], ['email']]);
    for (const s of shapes) if (s.kind === 'web') webOnly.add(s);
    webOnly.addUnchanged('email', 14);
    expect(webOnly.summary()).toEqual({ ...replayedAll.summary(), shapes: 2 });
    expect(webOnly.summary()).toMatchObject({ events: 26, email_events: 14, changed: 5, unchanged: ['email'] });

    // Another value of a condition, or another action, is a change of the kind's policy.
    const more = compilePolicy(model, { web: { list: [] }, mail: { list: [{ ...mailRules.list[0], senders: ['spam.example', 'junk.example'] }] } });
    expect(new ImpactTally(before, more, NOW).replayed).toEqual(['email']);
    const other = compilePolicy(model, { web: { list: [] }, mail: { list: [{ ...mailRules.list[0], action: 'safeview' }] } });
    expect(new ImpactTally(before, other, NOW).replayed).toEqual(['email']);
    expect(new ImpactTally(before, before, NOW).replayed).toEqual([]);
  });
});

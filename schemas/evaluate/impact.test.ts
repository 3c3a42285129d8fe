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
    expect(r.transitions).toEqual([
      { kind: 'web', from: 'allow', to: 'block', events: 5, users: 1 },
      { kind: 'email', from: 'safeview', to: 'block', events: 5, users: 2 },
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
});

import { describe, expect, it } from 'vitest';
import { analysePolicy } from './analysis';
import { compilePolicy } from './evaluate';
import type { PolicyModel } from './types';

const NOW = Date.parse('2026-11-28T12:00:00Z');

/** A web-exception-like list: domains, source addresses, users and groups, transfer direction. */
const model: PolicyModel = {
  decisions: [{ id: 'web', title: 'Web', precedence: ['block', 'safeview', 'allow'], labels: {}, fallback: { action: 'allow', reason: 'default' } }],
  areas: [
    {
      id: 'ex',
      title: 'Exceptions',
      evaluation: {
        choices: [],
        lists: [
          {
            id: 'list',
            title: 'Exceptions',
            rows: 'list',
            enabled: 'enabled',
            expires: 'expires',
            order: 'listed',
            action: { field: 'action' },
            decides: 'web',
            tier: 1,
            conditions: [
              { field: 'c.domain', label: 'Domains', kind: 'domain', attribute: 'domain' },
              { field: 'c.ips', label: 'Source IPs', kind: 'ip', attribute: 'source_ip' },
              { field: 'c.entities', label: 'Users and groups', kind: 'entity', attribute: 'user' },
              { field: 'c.uri', label: 'URL', kind: 'text', attribute: 'url' },
              { field: 'dir', label: 'Direction', kind: 'direction', attribute: 'direction', any: 'all' },
            ],
          },
        ],
      },
    },
  ],
};

const rule = (id: string, action: string, c: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id, name: id, enabled: true, action, c, ...extra });

/** A rulebase with known findings, each commented; rules of different domains never meet. */
const rulebase = [
  rule('r1', 'block', { domain: ['example.com'] }),
  // shadowed by r1: a subdomain of example.com, another action
  rule('r2', 'allow', { domain: ['a.example.com'] }),
  // redundant with r1: subdomains of example.com from some addresses, same action
  rule('r3', 'block', { domain: ['*.example.com'], ips: ['10.0.0.0/24'] }),
  rule('r4', 'allow', { domain: ['corp.com'], ips: ['10.0.0.0/8'] }),
  // shadowed by r4: 10.1.2.0/24 is inside 10.0.0.0/8, and uploads only is narrower than every direction
  rule('r5', 'safeview', { domain: ['corp.com'], ips: ['10.1.2.0/24'] }, { dir: 'uploads' }),
  // overlaps r4 (10.255.0.0/16 is inside 10.0.0.0/8) with another action, and is not covered by it
  rule('r6', 'block', { domain: ['corp.com'], ips: ['10.255.0.0/16', '192.168.0.0/16'] }),
  rule('r7', 'allow', { domain: ['hr.com'], entities: [{ type: 'group', name: 'sales' }] }),
  // no finding: another group
  rule('r8', 'block', { domain: ['hr.com'], entities: [{ type: 'group', name: 'hr' }] }),
  // disabled: not analysed, although r7 covers it
  rule('r9', 'block', { domain: ['hr.com'], entities: [{ type: 'group', name: 'sales' }] }, { enabled: false }),
  // expired, and so not compared either
  rule('r10', 'block', { domain: ['news.org'] }, { expires: '2026-11-01' }),
  // expiring within 14 days
  rule('r11', 'allow', { domain: ['bank.net'] }, { expires: '2026-12-05' }),
  // expiring in more than 14 days: no finding
  rule('r12', 'safeview', { domain: ['shop.net'] }, { expires: '2027-03-01' }),
  rule('r13', 'block', { domain: ['mail.org'], uri: [{ match: 'starts_with', value: 'https://mail.' }] }),
  // redundant with r13: a longer prefix of the same kind, the same domain and action
  rule('r14', 'block', { domain: ['mail.org'], uri: [{ match: 'starts_with', value: 'https://mail.org/inbox' }] }),
  // no finding: another action, but no URL starts with "https://mail." and equals this one
  rule('r15', 'allow', { domain: ['mail.org'], uri: [{ match: 'equal', value: 'https://webmail.org/' }] }),
];

describe('rule analysis', () => {
  const compiled = compilePolicy(model, { ex: { list: rulebase } });
  const findings = analysePolicy(compiled, { now: NOW });
  const summary = findings.map((f) => `${f.kind} ${f.rule.key} <- ${f.related.map((r) => r.key).join(',')}`).sort();

  it('finds exactly the shadowed, redundant, overlapping, expired and expiring rules', () => {
    expect(summary).toEqual(
      [
        'shadowed r2 <- r1',
        'redundant r3 <- r1',
        'shadowed r5 <- r4',
        'overlap r6 <- r4',
        'expired r10 <- ',
        'expiring r11 <- ',
        'redundant r14 <- r13',
      ].sort(),
    );
  });

  it('names the rules involved and why', () => {
    const shadowed = findings.find((f) => f.rule.key === 'r2')!;
    expect(shadowed.message).toBe(
      '"r2" (position 2) can never match: "r1" (position 1) before it matches every request it matches, and "r1" (position 1) decides them first with block instead of allow.',
    );
    expect(findings.find((f) => f.rule.key === 'r11')!.message).toBe('"r11" (position 11) expires on 2026-12-05, in 7 days.');
  });

  it('reports rules that decided nothing in the last days, from hit counts', () => {
    const hits = new Map(rulebase.map((r) => [`ex/list/${r.id}`, r.id === 'r4' || r.id === 'r7' ? 0 : 5]));
    const unused = analysePolicy(compiled, { now: NOW, hits, unusedDays: 30 }).filter((f) => f.kind === 'unused');
    expect(unused.map((f) => f.rule.key)).toEqual(['r4', 'r7']);
    expect(unused[0]!.message).toBe('"r4" (position 4) decided no logged request in the last 30 days.');
  });

  it('sees no conflict between rows sorted by action, such as one row per category', () => {
    const byAction: PolicyModel = {
      ...model,
      areas: [{ ...model.areas[0]!, evaluation: { choices: [], lists: [{ ...model.areas[0]!.evaluation.lists[0]!, order: { byAction: ['block', 'allow'] } }] } }],
    };
    const c = compilePolicy(byAction, { ex: { list: [rule('a', 'allow', { ips: ['10.0.0.0/8'] }), rule('b', 'block', { ips: ['10.0.0.0/16', '192.168.0.0/16'] })] } });
    expect(analysePolicy(c, { now: NOW })).toEqual([]);
  });
});

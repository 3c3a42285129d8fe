import { describe, expect, it } from 'vitest';
import { reportSpec, type ReportResult } from '../../schemas/reports';
import { pseudonymiseCsv, renderCsv, type ReportJob } from './pastReports';
import { OPEN_VIEW, pseudonymWith, refuseHiddenFilters, viewEvent, viewTop, type LogReadView } from './readView';

const pseudonym = pseudonymWith(Buffer.alloc(32, 7));
const anonymised: LogReadView = { restricted: false, pseudonym };
const both: LogReadView = { restricted: true, pseudonym };
const top = (keys: string[]): ReportResult => ({
  kind: 'top',
  report: 'top_users',
  title: 'Top users',
  metric: 'count',
  start: 0,
  end: 3600,
  interval: '1h',
  granularity: 'PT1H',
  bins: 1,
  expansion: null,
  total: keys.length,
  data: keys.map((key) => ({ key, label: key, value: 1 })),
});

describe('log read views', () => {
  it('pseudonymise user names stably, per key, not the rest of the event; restricted wins where both hide a field', () => {
    const event = { userid: 'alice@example.com', src_ip: '10.0.0.1', domain: 'example.org' };
    const seen = viewEvent(anonymised, 'web', event);
    expect(seen.userid).toMatch(/^User [0-9a-f]{12}$/);
    expect(seen).toMatchObject({ src_ip: '10.0.0.1', domain: 'example.org' });
    expect(viewEvent(anonymised, 'web', event).userid).toBe(seen.userid);
    expect(viewEvent(anonymised, 'web', { ...event, userid: 'bob@example.com' }).userid).not.toBe(seen.userid);
    expect(pseudonymWith(Buffer.alloc(32, 8))('alice@example.com')).not.toBe(seen.userid);
    expect(viewEvent(anonymised, 'email', { userid: 'a', recipient: 'a' })).toEqual({ userid: pseudonym('a'), recipient: pseudonym('a') });
    expect(viewEvent(both, 'web', event)).toMatchObject({ userid: 'Hidden', src_ip: 'Hidden', domain: 'example.org' });
    expect(viewEvent(OPEN_VIEW, 'web', event)).toBe(event);
    expect(viewEvent(anonymised, 'audit', { user: 'admin' })).toEqual({ user: 'admin' });

    expect(viewTop(anonymised, reportSpec('top_users'), top(['alice']))).toMatchObject({ data: [{ key: pseudonym('alice'), label: pseudonym('alice'), value: 1 }] });
    expect(viewTop(anonymised, reportSpec('top_domains'), top(['alice']))).toMatchObject({ data: [{ key: 'alice' }] });
    expect(viewTop(both, reportSpec('top_users'), top(['alice']))).toMatchObject({ data: [{ key: 'Hidden user 1' }] });
    expect(() => refuseHiddenFilters(anonymised, 'web', { userid: 'alice' })).toThrow();
    expect(() => refuseHiddenFilters(anonymised, 'web', { src_ip: '10.0.0.1', domain: 'x' })).not.toThrow();
    // An exclusion by a user name would tell whether that user has events: refused alike, naming its parameter.
    expect(() => refuseHiddenFilters(anonymised, 'web', { not_userid: 'alice' })).toThrow(
      expect.objectContaining({ extra: { errors: [expect.objectContaining({ path: 'query.not_userid', key: 'anonymisedUsers' })] } }),
    );
    expect(() => refuseHiddenFilters(anonymised, 'web', { not_domain: 'x', not_userid: 'all' })).not.toThrow();
  });

  it('pseudonymise the user rows and user filters of a report file, quoted or formula-like names too, and nothing else', () => {
    const job: ReportJob = {
      name: 'Users',
      reports: ['top_users', 'top_domains'],
      filters: { userid: 'eve, "the" admin' },
      limit: 10,
      source: 'instant',
      scheduleId: null,
      createdBy: 'admin',
    };
    const names = ['=cmd|x', 'a,b "c"', 'plain'];
    const domains: ReportResult = { ...top(['plain', 'example.org']), report: 'top_domains', title: 'Top domains' };
    const csv = renderCsv(job, [top(names), domains], new Date(0));
    const out = pseudonymiseCsv(csv, pseudonym);
    for (const n of names) expect(out).toContain(`${pseudonym(n)},${pseudonym(n)},1`);
    expect(out).toContain(`userid=${pseudonym('eve, "the" admin')}`);
    expect(out).not.toContain('eve');
    // The domains section names no users: unchanged, even where a domain reads like a user name.
    expect(out.split('\r\n').slice(-5).join('\n')).toBe(csv.split('\r\n').slice(-5).join('\n'));
    expect(out.endsWith('\r\n')).toBe(true);
    expect(out.split('\r\n')).toHaveLength(csv.split('\r\n').length);
  });
});

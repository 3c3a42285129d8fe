import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduledReport } from '../../schemas/reports';
import type { Db } from '../types';
import { jobQueries, listPastReports, pastReportFile, renderCsv, runDueSchedules, saveSchedules } from './pastReports';
import { TEST_NOW, TEST_TENANTS, openSeededTestDb } from './testDb';

const MIN = 60_000;
const tenant = TEST_TENANTS.demo.id;
let db: Db;
beforeAll(async () => {
  db = await openSeededTestDb();
}, 120_000);
afterAll(() => db?.close());

const schedule = (id: string, extra: Record<string, unknown> = {}) =>
  ScheduledReport.parse({ id, name: `Schedule ${id}`, reports: ['top_domains'], frequency: '5m', interval: '24h', ...extra });

describe('scheduled reports', () => {
  it('runs a schedule once per elapsed period, starting its clock when first seen, with no backlog', async () => {
    await saveSchedules(db, tenant, { list: [schedule('every-5m'), schedule('off', { enabled: false })] }, 'admin', TEST_NOW);
    expect(await runDueSchedules(db, tenant, TEST_NOW)).toEqual([]);
    expect(await runDueSchedules(db, tenant, TEST_NOW + 4 * MIN)).toEqual([]);
    const first = await runDueSchedules(db, tenant, TEST_NOW + 5 * MIN);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ source: 'scheduled', schedule_id: 'every-5m', created_by: 'scheduler', interval: '24h' });
    expect(await runDueSchedules(db, tenant, TEST_NOW + 60 * MIN)).toHaveLength(1);
    expect(await runDueSchedules(db, tenant, TEST_NOW + 61 * MIN)).toEqual([]);
    const list = await listPastReports(db, tenant, 10, 0);
    expect(list.total).toBe(2);
    expect(list.reports.map((r) => r.schedule_id)).toEqual(['every-5m', 'every-5m']);
    const file = await pastReportFile(db, tenant, list.reports[0]!.id);
    expect(file?.content).toContain('Top domains,top_domains');
    expect(await pastReportFile(db, TEST_TENANTS.other.id, list.reports[0]!.id)).toBeUndefined();
  });

  it('forgets the clock of a schedule that is removed', async () => {
    const { rows: before } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_schedule_runs WHERE tenant_id = $1', [tenant]);
    expect(before[0]!.n).toBe(1);
    const stored = await db.query<{ updated_at: Date }>('SELECT updated_at FROM scheduled_reports WHERE tenant_id = $1', [tenant]);
    await saveSchedules(db, tenant, { list: [], updated_at: new Date(stored.rows[0]!.updated_at).toISOString() }, 'admin', TEST_NOW + 90 * MIN);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_schedule_runs WHERE tenant_id = $1', [tenant]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('report jobs', () => {
  it('gives each report only the filters of its log kind', () => {
    const { queries, errors } = jobQueries(
      { reports: ['top_domains', 'dlp_top_users'], filters: { userid: 'a@b.example', alert_sub_type: 'ssn', pe_action: 'block' }, limit: 10 },
      '',
    );
    expect(errors).toEqual([]);
    expect(queries[0]).toMatchObject({ userid: 'a@b.example', pe_action: 'block', limit: 10, interval: '30d' });
    expect(queries[0]).not.toHaveProperty('alert_sub_type');
    expect(queries[1]).toMatchObject({ userid: 'a@b.example', alert_sub_type: 'ssn' });
  });

  it('reports a missing drill-down parameter against the report', () => {
    const { errors } = jobQueries({ reports: ['top_users', 'top_user_domains'], filters: {}, limit: 10 }, 'list.3.');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe('list.3.filters.userid');
  });

  it('writes CSV cells with commas and quotes escaped', () => {
    const csv = renderCsv(
      { name: 'A, "quoted" name', reports: ['top_domains'], filters: {}, limit: 1, source: 'instant', scheduleId: null, createdBy: 'x' },
      [
        {
          kind: 'top', report: 'top_domains', title: 'Top domains', start: 0, end: 60, interval: '1h', granularity: 'PT10M',
          bins: 60, expansion: 'PT1M', metric: 'count', total: 3, data: [{ key: 'a,b.example', value: 3 }],
        },
      ],
      new Date(0),
    );
    expect(csv.split('\r\n')).toEqual(expect.arrayContaining(['Report,"A, ""quoted"" name"', '"a,b.example","a,b.example",3', 'Total,3']));
  });
});

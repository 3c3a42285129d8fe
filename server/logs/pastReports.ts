/**
 * Past, scheduled and instant reports (spec 000 §7). An instant report runs its reports now and files the result as a
 * past report; a schedule does the same each time its frequency has elapsed. Schedules run when they are due and
 * someone reads the past reports (listing or download): no timer runs in the server, so every process sharing a
 * database behaves the same, and a missed period produces one report, not a backlog.
 */
import { csvField } from '../../schemas/csv';
import type { FieldError } from '../../schemas/http';
import { fieldErrors } from '../../schemas/http';
import { FREQUENCY_MS } from '../../schemas/logEnums';
import { MESSAGES } from '../../schemas/constants';
import {
  REPORTS,
  REPORT_INTERVAL_DEFAULT,
  reportFilters,
  reportQuerySchema,
  reportSpec,
  type PastReport,
  type ReportIntervalName,
  type ReportName,
  type ReportResult,
  type ScheduledReportsDocument,
} from '../../schemas/reports';
import { isStale } from '../stamps';
import { HttpError, type Db } from '../types';
import { logStoreOf } from './logStores';
import type { ReportParams } from './reports';
import { retentionSince } from './retention';
import { ANONYMISED_FIELDS, OPEN_VIEW, hiddenReportFilters, isHiddenKey, viewTop, type LogReadView } from './readView';
import { toNumber } from './sql';

// One tenant's schedules run one at a time, across processes too.
const SCHEDULE_LOCK = 727_101;

/** What a past report is made from. */
export interface ReportJob {
  readonly name: string;
  readonly reports: readonly ReportName[];
  readonly interval?: ReportIntervalName;
  readonly start?: number;
  readonly end?: number;
  readonly filters: Readonly<Partial<Record<string, string>>>;
  readonly limit: number;
  readonly source: 'instant' | 'scheduled';
  readonly scheduleId: string | null;
  readonly createdBy: string;
}

/**
 * The query each report of a job runs with: the job's range and limit, and those of its filters that apply to the
 * report's log kind (a dashboard-wide filter such as userid applies to all, pe_action maps to each kind's action).
 * Field errors are prefixed with `prefix`.
 */
export function jobQueries(
  job: Pick<ReportJob, 'reports' | 'interval' | 'start' | 'end' | 'filters' | 'limit'>,
  prefix: string,
): { queries: ReportParams[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const queries: ReportParams[] = [];
  job.reports.forEach((name, i) => {
    const applicable = reportFilters(reportSpec(name).logType);
    const filters = Object.fromEntries(Object.entries(job.filters).filter(([k, v]) => k in applicable && v !== undefined));
    const raw = { interval: job.interval ?? REPORT_INTERVAL_DEFAULT, limit: job.limit, start: job.start, end: job.end, ...filters };
    const r = reportQuerySchema(name).safeParse(raw);
    if (r.success) queries.push(r.data as ReportParams);
    else {
      for (const e of fieldErrors(r.error)) {
        const path = e.path in applicable ? `${prefix}filters.${e.path}` : `${prefix}reports.${i}`;
        errors.push({ ...e, path, message: `${name}: ${e.message}` });
      }
    }
  });
  return { queries, errors };
}

const csvLine = (cells: readonly (string | number | undefined)[]) => cells.map(csvField).join(',');
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The file of a past report: one CSV section per report, after a header naming the job. */
export function renderCsv(job: ReportJob, results: readonly ReportResult[], createdAt: Date): string {
  const lines: string[] = [
    csvLine(['Report', job.name]),
    csvLine(['Generated', createdAt.toISOString()]),
    csvLine(['Filters', Object.entries(job.filters).map(([k, v]) => `${k}=${v}`).join('; ') || 'none']),
  ];
  for (const r of results) {
    lines.push('', csvLine([r.title, r.report]), csvLine(['From', iso(r.start), 'To', iso(r.end), 'Metric', r.metric]));
    switch (r.kind) {
      case 'top':
      case 'evasion':
        lines.push(csvLine(['Key', 'Label', 'Value', ...(r.kind === 'evasion' ? ['Id'] : [])]));
        for (const d of r.data) lines.push(csvLine([d.key, d.label ?? d.key, d.value, ...(r.kind === 'evasion' ? [d.id] : [])]));
        break;
      case 'series': {
        const splits = [...new Set(r.series.flatMap((p) => Object.keys(p.split ?? {})))].sort();
        lines.push(csvLine(['Time', 'Value', ...splits]));
        for (const p of r.series) lines.push(csvLine([iso(p.ts), p.value, ...splits.map((k) => p.split?.[k] ?? 0)]));
        break;
      }
      case 'heatmap':
        lines.push(csvLine(['Day', 'Hour', 'Value']));
        for (const c of r.cells) lines.push(csvLine([c.day, c.hour, c.value]));
        break;
    }
    lines.push(csvLine(['Total', r.total]));
  }
  return lines.join('\r\n') + '\r\n';
}

interface PastRow {
  id: unknown;
  name: string;
  source: 'instant' | 'scheduled';
  schedule_id: string | null;
  created_at: Date | string;
  created_by: string;
  start_s: unknown;
  end_s: unknown;
  interval: ReportIntervalName;
  reports: ReportName[];
  file_name: string;
  size: unknown;
}
const PAST_COLUMNS = `id, name, source, schedule_id, created_at, created_by, start_s, end_s, interval, reports, file_name,
  octet_length(content) AS size`;

function pastReport(r: PastRow): PastReport {
  return {
    id: String(r.id),
    name: r.name,
    source: r.source,
    schedule_id: r.schedule_id,
    created_at: new Date(r.created_at).toISOString(),
    created_by: r.created_by,
    start: toNumber(r.start_s),
    end: toNumber(r.end_s),
    interval: r.interval,
    reports: r.reports,
    file_name: r.file_name,
    size: toNumber(r.size),
  };
}

const fileName = (name: string, at: Date) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report'}-${at.toISOString().slice(0, 16).replace(/[-:T]/g, '')}.csv`;

/**
 * Runs a job's reports and files the result; 400 when a filter does not fit one of its reports. Restricted logs
 * (server/logs/readView.ts) are applied to the file as it is made: it names no user either. Anonymised user names are
 * applied as the file is read ({@link pastReportFile}), so the file itself keeps the names.
 */
export async function generatePastReport(db: Db, tenantId: string, job: ReportJob, now: number, view: LogReadView = OPEN_VIEW): Promise<PastReport> {
  const { queries, errors } = jobQueries(job, '');
  if (errors.length) throw new HttpError(400, MESSAGES.validationFailed, { errors });
  const results: ReportResult[] = [];
  for (let i = 0; i < job.reports.length; i++) {
    const result = await logStoreOf(db).report(db, tenantId, job.reports[i]!, queries[i]!, now, { sinceMs: await retentionSince(db, tenantId, now) });
    results.push(viewTop({ restricted: view.restricted }, reportSpec(job.reports[i]!), result));
  }
  const createdAt = new Date(now);
  const { rows } = await db.query<PastRow>(
    `INSERT INTO past_reports (tenant_id, name, source, schedule_id, created_at, created_by, start_s, end_s, interval, reports, file_name, content)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${PAST_COLUMNS}`,
    [
      tenantId,
      job.name,
      job.source,
      job.scheduleId,
      createdAt.toISOString(),
      job.createdBy,
      results[0]!.start,
      results[0]!.end,
      job.interval ?? REPORT_INTERVAL_DEFAULT,
      JSON.stringify(job.reports),
      fileName(job.name, createdAt),
      renderCsv(job, results, createdAt),
    ],
  );
  return pastReport(rows[0]!);
}

export async function listPastReports(db: Db, tenantId: string, limit: number, offset: number) {
  const { rows } = await db.query<PastRow>(
    `SELECT ${PAST_COLUMNS} FROM past_reports WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [tenantId, limit, offset],
  );
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM past_reports WHERE tenant_id = $1', [tenantId]);
  return { reports: rows.map(pastReport), limit, offset, total: count[0]!.n };
}

/** The file of one past report of the tenant as `view` reads it (user names pseudonymised while anonymised), or undefined. */
export async function pastReportFile(
  db: Db,
  tenantId: string,
  id: string,
  view: LogReadView = OPEN_VIEW,
): Promise<{ fileName: string; content: string } | undefined> {
  const { rows } = await db.query<{ file_name: string; content: string }>(
    'SELECT file_name, content FROM past_reports WHERE tenant_id = $1 AND id = $2',
    [tenantId, id],
  );
  if (!rows[0]) return undefined;
  return { fileName: rows[0].file_name, content: view.pseudonym ? pseudonymiseCsv(rows[0].content, view.pseudonym) : rows[0].content };
}

/** The records of a CSV file (RFC 4180), each as its cells written (quoted as in the file). */
function csvRecords(content: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (quoted) {
      cell += c;
      if (c === '"' && content[i + 1] === '"') cell += content[++i];
      else if (c === '"') quoted = false;
    } else if (c === '"') {
      quoted = true;
      cell += c;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' && content[i + 1] === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) records.push([...cells, cell]);
  return records;
}

/** A cell's value as written by {@link renderCsv}: unquoted, and a formula's neutralising quote taken off. */
function cellValue(written: string): string {
  const text = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
  return /^'[=+\-@\t\r\0]/.test(text) ? text.slice(1) : text;
}

/**
 * A report file (as {@link renderCsv} writes it) with its user names pseudonymised: the rows of each top-N section
 * grouped by a user field, and the values of user filters on the Filters line. Rows restricted logs numbered stay.
 */
export function pseudonymiseCsv(content: string, pseudonym: (name: string) => string): string {
  const filters = new Set([...hiddenReportFilters({ restricted: false, pseudonym }).keys()]);
  const records = csvRecords(content);
  let userRows = false;
  let sectionStart = false;
  const out = records.map((cells, i) => {
    if (cells.length === 1 && cells[0] === '') {
      sectionStart = true;
      userRows = false;
      return cells;
    }
    if (sectionStart) {
      sectionStart = false;
      const spec = REPORTS[cellValue(cells[1] ?? '') as ReportName] as (typeof REPORTS)[ReportName] | undefined;
      userRows = spec !== undefined && spec.kind === 'top' && typeof spec.dimension === 'string' && ANONYMISED_FIELDS[spec.logType].includes(spec.dimension);
      return cells;
    }
    if (i === 2 && cellValue(cells[0] ?? '') === 'Filters') {
      const parts = cellValue(cells[1] ?? '').split('; ').map((part) => {
        const eq = part.indexOf('=');
        return eq > 0 && filters.has(part.slice(0, eq)) ? `${part.slice(0, eq)}=${pseudonym(part.slice(eq + 1))}` : part;
      });
      return [cells[0]!, csvField(parts.join('; '))];
    }
    const first = cellValue(cells[0] ?? '');
    if (!userRows || cells.length < 3 || ['Key', 'From', 'Total'].includes(first) || isHiddenKey(first)) return cells;
    const p = csvField(pseudonym(first));
    return [p, p, ...cells.slice(2)];
  });
  return out.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

// ---- the scheduled list -------------------------------------------------------------------------------------------

export type ScheduledEnvelope = ScheduledReportsDocument & { updated_at?: string; updated_by?: string };

interface ScheduleRow {
  body: ScheduledReportsDocument;
  updated_at: Date | string;
  updated_by: string;
}

const envelope = (row: ScheduleRow | undefined): ScheduledEnvelope =>
  row ? { ...row.body, updated_at: new Date(row.updated_at).toISOString(), updated_by: row.updated_by } : { list: [] };

async function storedSchedules(db: Db, tenantId: string): Promise<ScheduleRow | undefined> {
  const { rows } = await db.query<ScheduleRow>('SELECT body, updated_at, updated_by FROM scheduled_reports WHERE tenant_id = $1', [tenantId]);
  return rows[0];
}

export async function readSchedules(db: Db, tenantId: string): Promise<ScheduledEnvelope> {
  return envelope(await storedSchedules(db, tenantId));
}

/**
 * Saves the scheduled list like a settings document: a body whose updated_at is older than the stored one's gets 409
 * with the stored list. Every schedule's filters must fit its reports (400 with the field path).
 */
export async function saveSchedules(db: Db, tenantId: string, body: ScheduledEnvelope, user: string, now: number): Promise<ScheduledEnvelope> {
  const errors = body.list.flatMap((s, i) => jobQueries({ ...s, start: undefined, end: undefined }, `list.${i}.`).errors);
  if (errors.length) throw new HttpError(400, MESSAGES.validationFailed, { errors });
  return db.transaction(async (tx) => {
    const stored = await storedSchedules(tx, tenantId);
    if (stored && isStale(body.updated_at, stored.updated_at)) {
      throw new HttpError(409, MESSAGES.staleSave, { current: envelope(stored) });
    }
    const doc: ScheduledReportsDocument = { list: body.list };
    const at = new Date(now).toISOString();
    await tx.query(
      `INSERT INTO scheduled_reports (tenant_id, body, updated_at, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id) DO UPDATE SET body = $2, updated_at = $3, updated_by = $4`,
      [tenantId, JSON.stringify(doc), at, user],
    );
    await tx.query('DELETE FROM report_schedule_runs WHERE tenant_id = $1 AND NOT (schedule_id = ANY($2::text[]))', [
      tenantId,
      doc.list.map((s) => s.id),
    ]);
    return { ...doc, updated_at: at, updated_by: user };
  });
}

/**
 * Files a report for every enabled schedule whose frequency has elapsed since its last run; a schedule seen for the
 * first time starts its clock now. Returns the reports filed.
 */
export async function runDueSchedules(db: Db, tenantId: string, now: number, view: LogReadView = OPEN_VIEW): Promise<PastReport[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SCHEDULE_LOCK, tenantId]);
    const { list } = await readSchedules(tx, tenantId);
    const { rows } = await tx.query<{ schedule_id: string; last_run_at: unknown }>(
      'SELECT schedule_id, last_run_at FROM report_schedule_runs WHERE tenant_id = $1',
      [tenantId],
    );
    const lastRun = new Map(rows.map((r) => [r.schedule_id, toNumber(r.last_run_at)]));
    const filed: PastReport[] = [];
    for (const s of list) {
      if (!s.enabled) continue;
      const last = lastRun.get(s.id);
      if (last !== undefined && now - last < FREQUENCY_MS[s.frequency]) continue;
      if (last !== undefined) {
        filed.push(
          await generatePastReport(
            tx,
            tenantId,
            { ...s, source: 'scheduled', scheduleId: s.id, createdBy: 'scheduler' },
            now,
            view,
          ),
        );
      }
      await tx.query(
        `INSERT INTO report_schedule_runs (tenant_id, schedule_id, last_run_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, schedule_id) DO UPDATE SET last_run_at = $3`,
        [tenantId, s.id, now],
      );
    }
    return filed;
  });
}

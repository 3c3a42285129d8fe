/**
 * New rollup tables filled from the events stored before their view, in the background (migration 010).
 *
 * A view counts the events stored after it was made. The events before it are counted by a fill, a few UTC days at a
 * time (about STEP_EVENTS events), newest first, while the portal serves:
 * - `bound` splits the two without overlap: the fill takes the events with seq up to the largest stored when the view
 *   was made, and the server hands out larger ones from then on.
 * - After each step, a row in `log_fills_local` records that the rows are whole from its first day on. Reads take the
 *   rows from there, and the events before it.
 * - A server stopped or killed during a step leaves it in doubt: its insert may have landed in whole, in part or not
 *   at all, and the shard may still be running it. The next start ends that insert, deletes the fill's rollup rows
 *   before the day the fill had reached (a view's rows of late events for those days go too) and, before it takes
 *   events, raises `bound` to the largest seq stored by then: the fill then counts every event of those days.
 * - A step that fails stops the fill until the next start (which takes it up as after a stop): its insert too may
 *   have landed in part, and only a start, before it takes events, can raise the bound.
 * One server at a time fills: the store's start takes a lease of the SQL store for it (server/db/lease.ts), which a
 * server starting meanwhile waits for; a second filling at once would take the fill up as after a stop, and both would
 * count the same days. A server that loses its lease (stalled past its time) begins no further step.
 */
import { DAY_MS } from '../rollups';
import { join, raw, sql, type Sql } from './bind';
import type { ClickHouse } from './client';

/** About how many events of a shard one step of a fill counts (whole days; one day at least), unless told otherwise. */
const STEP_EVENTS = 500_000;

export interface FillPlan {
  /** The view whose table is filled (its name), the `_local` table, and the rollups of its rows to fill. */
  readonly view: string;
  readonly target: string;
  readonly rollups: readonly string[];
  /** The largest seq the fill takes. */
  readonly bound: number;
  /** The first and last UTC day (ms) with events on the shard when the view was made. */
  readonly firstDay: number;
  readonly lastDay: number;
}

interface Fill extends FillPlan {
  readonly shard: number;
  /** The rows are whole from this day on (ms); done once it is `firstDay`. */
  frontier: number;
  /** Resumed: the rows before `frontier` are being deleted (see the top of this file). */
  deleting: boolean;
}

/** The rows (SELECT) of rollups kept in `target` over the events matching `where`; null when none is left in the catalogue. */
export type FillRows = (target: string, rollups: readonly string[], where: readonly Sql[]) => Sql | null;

const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isOpen = (f: Fill) => f.frontier > f.firstDay;

export class RollupFills {
  private readonly fills: Fill[] = [];
  private readonly stop = new AbortController();
  private running: Promise<void> = Promise.resolve();

  /**
   * `idempotent`: `_local` tables whose rows an insert repeated leaves as they were (bits or'ed): a fill of one taken
   * up again only repeats its last step, and deletes none of its rows (see the top of this file). `stepEvents`: about
   * how many events of a shard a step counts.
   */
  constructor(
    private readonly ch: ClickHouse,
    private readonly rowsOf: FillRows,
    private readonly idempotent: ReadonlySet<string> = new Set(),
    private readonly stepEvents = STEP_EVENTS,
  ) {}

  private get db(): Sql {
    return raw(this.ch.config.database);
  }

  /** What a view made now on `shard` would have to fill: the largest seq stored and the days of the events. */
  async span(shard: number): Promise<{ bound: number; firstDay: number; lastDay: number } | null> {
    const [s] = await this.ch.rows<{ n: string; bound: string; first: string; last: string }>(
      sql`SELECT toString(count()) AS n, toString(max(seq)) AS bound, toString(min(ts)) AS first, toString(max(ts)) AS last FROM ${this.db}.log_events_local`,
      { shard },
    );
    return s && Number(s.n) > 0 ? { bound: Number(s.bound), firstDay: dayOf(Number(s.first)), lastDay: dayOf(Number(s.last)) } : null;
  }

  /** Records a fill before its view is made (a start killed in between finds the view made and the fill planned). */
  async plan(shard: number, plan: FillPlan): Promise<void> {
    await this.ch.command(sql`ALTER TABLE ${this.db}.log_fills_local DELETE WHERE view = ${plan.view}`, shard);
    const fill: Fill = { ...plan, shard, frontier: plan.lastDay + DAY_MS, deleting: false };
    await this.mark(fill);
    this.fills.push(fill);
  }

  /**
   * Takes up the fills on `shard` that a server before this one left unfinished (see the top of this file): `bound`
   * is the largest seq the shard holds now, before this server takes events. `planned`: the views this start planned.
   */
  async resume(shard: number, planned: ReadonlySet<string>, bound: number): Promise<void> {
    const rows = await this.ch.rows<{ view: string; target: string; rollups: string[]; first: string; last: string; day: string }>(
      sql`SELECT view, target, any(rollups) AS rollups, toString(any(first_day)) AS first, toString(any(last_day)) AS last,
                 toString(min(day)) AS day
            FROM ${this.db}.log_fills_local GROUP BY view, target`,
      { shard },
    );
    for (const r of rows) {
      if (planned.has(r.view)) continue;
      const deleting = !this.idempotent.has(r.target);
      const fill: Fill = { view: r.view, target: r.target, rollups: r.rollups, bound, firstDay: Number(r.first), lastDay: Number(r.last), shard, frontier: Number(r.day), deleting };
      if (!isOpen(fill)) continue;
      const ids = join(fill.rollups.map((id) => sql`${id}`), ', ');
      // The shard may still be running the stopped server's last step (it ends an insert whose caller went away only
      // when done), on whichever replica took it: ended first, so that the delete covers what it wrote.
      await this.ch.onEachReplica(shard, sql`KILL QUERY WHERE query LIKE ${`INSERT INTO ${this.ch.config.database}.${fill.target} SELECT%`} SYNC`);
      if (deleting) await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(fill.target)} DELETE WHERE rollup IN (${ids}) AND hour < ${fill.frontier}`, shard);
      await this.mark(fill);
      this.fills.push(fill);
    }
  }

  /** The views on `shard` whose tables a fill has not finished, whichever server fills them. */
  async unfinished(shard: number): Promise<Set<string>> {
    const rows = await this.ch.rows<{ view: string }>(
      sql`SELECT view FROM ${this.db}.log_fills_local GROUP BY view HAVING min(day) > any(first_day)`,
      { shard },
    );
    return new Set(rows.map((r) => r.view));
  }

  /** The largest seq any open fill takes: the server hands out larger ones. */
  get bound(): number {
    return Math.max(0, ...this.fills.filter(isOpen).map((f) => f.bound));
  }

  /** From when the rows of rollup `id` in `table` (`_local`) are whole on every shard (ms); -Infinity when all are. */
  wholeFrom(table: string, id: string): number {
    let from = -Infinity;
    for (const f of this.fills) if (isOpen(f) && f.target === table && f.rollups.includes(id)) from = Math.max(from, f.frontier);
    return from;
  }

  /**
   * Fills the open fills in the background, a step at a time, the newest days of all of them first, while `held` (this
   * server's lease on the cluster's upkeep) says this server may: a step is not begun once it is lost.
   */
  start(held: () => boolean = () => true): void {
    const days = new Map<number, Promise<Map<number, number>>>();
    const tables = new Set(this.fills.filter(isOpen).map((f) => `${f.shard} ${f.target}`)).size;
    if (!tables) return;
    console.info(`ClickHouse: filling ${tables} new rollup tables from the stored events in the background; reads take the raw events for the days not yet filled.`);
    this.running = (async () => {
      while (!this.stop.signal.aborted) {
        const open = this.fills.filter(isOpen);
        if (!open.length) {
          console.info('ClickHouse: the new rollup tables are filled.');
          return;
        }
        if (!held()) {
          console.error('ClickHouse: filling new rollups stopped: this server lost its lease on the cluster\'s upkeep (another server takes the fill up).');
          return;
        }
        // The fills of one table that have come as far take their steps together (the kinds' views planned by one
        // start): one insert writes each day's part once for all of them.
        const f = open.reduce((a, b) => (b.frontier > a.frontier ? b : a));
        const group = open.filter((g) => g.shard === f.shard && g.target === f.target && g.frontier === f.frontier && g.bound === f.bound);
        if (group.some((g) => g.deleting)) await this.ch.mutationsDone(f.shard, f.target);
        for (const g of group) g.deleting = false;
        if (!days.has(f.shard)) days.set(f.shard, this.eventsByDay(f.shard));
        const counts = await days.get(f.shard)!;
        let from = f.frontier - DAY_MS;
        for (let n = counts.get(from) ?? 0; from > f.firstDay && n + (counts.get(from - DAY_MS) ?? 0) <= this.stepEvents; ) {
          from -= DAY_MS;
          n += counts.get(from) ?? 0;
        }
        await this.fillDays(group, from);
        console.info(`ClickHouse: ${f.target} on shard ${f.shard + 1} filled from ${dateOf(from)} on (its events start ${dateOf(f.firstDay)}).`);
      }
    })().catch((err: unknown) => {
      if (!this.stop.signal.aborted) console.error(`ClickHouse: filling new rollups stopped (the next start goes on): ${String(err)}`);
    });
  }

  /** Resolves when the fills are done (or stopped). */
  done(): Promise<void> {
    return this.running;
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  /** Counts the events from `from` to the fills' frontier into their rollups, then records the step of each. */
  private async fillDays(fills: readonly Fill[], from: number): Promise<void> {
    const [f] = fills as [Fill];
    const rows = this.rowsOf(f.target, fills.flatMap((g) => g.rollups), [sql`ts >= ${from}`, sql`ts < ${f.frontier}`, sql`seq <= ${f.bound}`]);
    if (rows) await this.ch.command(sql`INSERT INTO ${this.db}.${raw(f.target)} ${rows}`, f.shard, this.stop.signal);
    for (const g of fills) {
      await this.mark(g, from);
      g.frontier = from;
    }
  }

  /** The shard's events per UTC day (ms). */
  private async eventsByDay(shard: number): Promise<Map<number, number>> {
    const rows = await this.ch.rows<{ day: string; n: string }>(
      sql`SELECT toString(intDiv(ts, ${DAY_MS}) * ${DAY_MS}) AS day, toString(count()) AS n FROM ${this.db}.log_events_local GROUP BY day`,
      { shard },
    );
    return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
  }

  private async mark(f: Fill, day = f.frontier): Promise<void> {
    const row = [f.view, f.target, f.rollups, f.bound, f.firstDay, f.lastDay, day];
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_fills_local (view, target, rollups, bound, first_day, last_day, day) VALUES (${join(row.map((v) => sql`${v}`), ', ')})`,
      f.shard,
    );
  }
}

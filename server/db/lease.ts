/**
 * A lease on work that one server at a time may do among those sharing the SQL store (`leases`, migration 560): taken
 * when free or past its time, renewed every third of its time while held, given back when the work is done. A holder
 * that stops without giving it back (killed) keeps it until it expires.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '../types';

export class Lease {
  /** Who holds it: this server and this lease object (two in one process are two holders). */
  readonly holder = `${hostname()} ${process.pid} ${randomUUID()}`;
  private renewal: ReturnType<typeof setInterval> | undefined;
  private held = false;
  /**
   * Until when this holder may count on the lease: its time from the start of the last take or renewal that kept it.
   * A holder whose renewals fail (the database out of reach) stops holding it then, when another may take it.
   */
  private heldUntil = 0;

  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly ttlMs = 60_000,
  ) {}

  /** Takes the lease when it is free, past its time or this holder's; whether this holder has it now. */
  async tryTake(): Promise<boolean> {
    const asked = Date.now();
    const { rows } = await this.db.query(
      `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, now() + $3::integer * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE leases.expires_at < now() OR leases.holder = excluded.holder
       RETURNING holder`,
      [this.name, this.holder, this.ttlMs],
    );
    if (rows.length > 0) this.heldUntil = asked + this.ttlMs;
    return rows.length > 0;
  }

  /**
   * Waits until this holder has the lease (trying every `pollMs`; `waiting` is called once if it must wait), then
   * renews it in the background until `release`.
   */
  async take({ pollMs = 2_000, waiting }: { pollMs?: number; waiting?: () => void } = {}): Promise<void> {
    for (let first = true; !(await this.takeIfFree()); first = false) {
      if (first) waiting?.();
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Takes the lease when it is free and then renews it in the background until `release`; whether it was taken. */
  async takeIfFree(): Promise<boolean> {
    if (!(await this.tryTake())) return false;
    clearInterval(this.renewal);
    this.held = true;
    // A renewal that finds the lease taken, or comes after its time (this holder stalled, or its renewals failed),
    // ends the holding for good: the work it guarded may be another's now.
    this.renewal = setInterval(() => {
      const lose = () => {
        if (!this.held) return;
        this.held = false;
        clearInterval(this.renewal);
      };
      if (!this.isHeld) return lose();
      this.tryTake().then((still) => (still && this.isHeld ? undefined : lose()), () => undefined);
    }, this.ttlMs / 3);
    this.renewal.unref();
    return true;
  }

  /** Whether this holder has the lease: taken, and renewed within its time. */
  get isHeld(): boolean {
    return this.held && Date.now() < this.heldUntil;
  }

  /** Gives the lease back (a lease not held: nothing). */
  async release(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    if (!this.held) return;
    this.held = false;
    await this.db.query('DELETE FROM leases WHERE name = $1 AND holder = $2', [this.name, this.holder]);
  }
}

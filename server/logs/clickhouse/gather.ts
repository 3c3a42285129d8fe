/**
 * Group commit of the inserts into one table: batches that arrive while the table's inserts are running share the
 * next insert, instead of one insert each. A MergeTree writes a part per insert (per shard and day, and per view
 * target), and merges them in the background; many small tenants sending small batches at once would otherwise make
 * many small parts, which the shards merge at a cost and past a limit refuse ("too many parts"). No batch waits for a
 * timer: alone, a batch is inserted at once.
 */
export class InsertGatherer {
  private running = 0;
  private readonly queue: { lines: readonly string[]; resolve: () => void; reject: (e: unknown) => void }[] = [];

  /**
   * `insert` writes lines in one statement; at most `slots` run at once, each with at most `maxLines` lines (a
   * batch larger than that goes alone).
   */
  constructor(
    private readonly insert: (lines: readonly string[]) => Promise<void>,
    private readonly slots = 2,
    private readonly maxLines = 100_000,
  ) {}

  /** Resolves once the insert holding the lines has succeeded; rejects with its error (the lines of every batch in it may then be stored in part, as one insert's may). */
  add(lines: readonly string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ lines, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.slots && this.queue.length) {
      const taken = [this.queue.shift()!];
      let n = taken[0]!.lines.length;
      while (this.queue.length && n + this.queue[0]!.lines.length <= this.maxLines) {
        n += this.queue[0]!.lines.length;
        taken.push(this.queue.shift()!);
      }
      this.running++;
      this.insert(taken.length === 1 ? taken[0]!.lines : taken.flatMap((b) => b.lines))
        .then(
          () => taken.forEach((b) => b.resolve()),
          (e: unknown) => taken.forEach((b) => b.reject(e)),
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}

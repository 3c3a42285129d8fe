/**
 * A background pass every `ms` until `signal` aborts: the heads' and the rows per filter value's builds. A pass that fails is
 * logged and the next one tries again. Resolves once stopped.
 */
export async function every(ms: number, signal: AbortSignal, pass: () => Promise<unknown>, what: string): Promise<void> {
  while (!signal.aborted) {
    // The wait's listener goes with it: one left per pass was a listener more a minute for the server's life.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
    if (signal.aborted) return;
    await pass().catch((err: unknown) => {
      if (!signal.aborted) console.error(`ClickHouse: ${what} failed (the next pass tries again): ${String(err)}`);
    });
  }
}

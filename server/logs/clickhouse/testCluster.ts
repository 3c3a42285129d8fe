/**
 * A two-shard ClickHouse cluster of a test's own (the kept deploy/clickhouse/ configuration on other ports, in a
 * temporary folder), for tests that kill a shard: the developer's or CI's cluster is left alone.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { raw } from './bind';
import type { ClickHouse } from './client';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLICKHOUSE_SERVER = ['/usr/bin/clickhouse-server', '/usr/sbin/clickhouse-server'].find((p) => existsSync(p));

/** Ports of the kept configuration, and this cluster's: `offset` above them. */
const PORTS = [18123, 18124, 19000, 19001, 19009, 19010];

export interface TestCluster {
  /** CLICKHOUSE_URL of this cluster. */
  readonly url: string;
  /** kill -9 of a shard (0 or 1); resolves once it is gone. */
  kill(shard: number): Promise<void>;
  /** Starts a shard (again) on its data; resolves once it answers. */
  start(shard: number): Promise<void>;
  /** Kills both shards and removes their data. */
  remove(): Promise<void>;
}

const ping = async (url: string) => {
  try {
    return (await fetch(`${url}/ping`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

export async function startTestCluster(offset = 77): Promise<TestCluster> {
  if (!CLICKHOUSE_SERVER) throw new Error('clickhouse-server is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'portal-ch-'));
  const urls = [0, 1].map((i) => `http://127.0.0.1:${PORTS[i]! + offset}`);
  const pids: (number | undefined)[] = [];
  const shardDir = (i: number) => join(dir, `shard${i + 1}`);
  for (const i of [0, 1]) {
    for (const sub of ['log', 'data', 'tmp', 'user_files', 'format_schemas']) mkdirSync(join(shardDir(i), sub), { recursive: true });
    let config = readFileSync(join(ROOT, 'deploy/clickhouse', `shard${i + 1}.xml`), 'utf8').replace(/>\.\//g, `>${shardDir(i)}/`);
    for (const port of PORTS) config = config.replaceAll(`>${port}<`, `>${port + offset}<`);
    writeFileSync(join(shardDir(i), 'config.xml'), config);
    writeFileSync(join(shardDir(i), 'users.xml'), readFileSync(join(ROOT, 'deploy/clickhouse/users.xml')));
  }
  const cluster: TestCluster = {
    url: urls.join(','),
    async start(i) {
      if (await ping(urls[i]!)) throw new Error(`port of ${urls[i]} is taken`);
      const pidFile = join(shardDir(i), 'server.pid');
      rmSync(pidFile, { force: true });
      const run = spawnSync(CLICKHOUSE_SERVER!, ['--daemon', `--config-file=${join(shardDir(i), 'config.xml')}`, `--pid-file=${pidFile}`], { cwd: shardDir(i) });
      if (run.status !== 0) throw new Error(`shard ${i + 1} did not start: ${run.stderr.toString()}`);
      for (let t = 0; t < 300; t++) {
        if (await ping(urls[i]!)) {
          pids[i] = Number(readFileSync(pidFile, 'utf8').trim());
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`shard ${i + 1} does not answer; see ${join(shardDir(i), 'log')}`);
    },
    async kill(i) {
      const pid = pids[i];
      if (pid === undefined) return;
      pids[i] = undefined;
      process.kill(pid, 'SIGKILL');
      for (let t = 0; t < 100; t++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async remove() {
      for (const i of [0, 1]) await cluster.kill(i);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    for (const i of [0, 1]) await cluster.start(i);
  } catch (e) {
    await cluster.remove();
    throw e;
  }
  return cluster;
}

/** A database name of a test's own on the developer's or CI's cluster (`prefix` says which test made it). */
export const scratchDatabase = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/**
 * Drops a test's database on every shard, waiting at most a minute for each: under CI's load a shard has taken past
 * two minutes to drop one, and a test database left behind harms nothing (it is only named in a warning).
 */
export async function dropScratchDatabase(ch: ClickHouse): Promise<void> {
  for (let shard = 0; shard < ch.shardCount; shard++) {
    await ch
      .command(raw(`DROP DATABASE IF EXISTS ${ch.config.database}`), shard, AbortSignal.timeout(60_000))
      .catch((err: unknown) => console.warn(`ClickHouse database ${ch.config.database} on shard ${shard + 1} not dropped: ${String(err)}`));
  }
}

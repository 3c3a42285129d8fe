/**
 * A two-shard ClickHouse cluster of a test's own (the kept deploy/clickhouse/ configuration on other ports, in a
 * temporary folder), for tests that kill a server: the developer's or CI's cluster is left alone. With replicas, two
 * of each shard and a ZooKeeper of its own.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layout, ping, startZooKeeper, writeServerConfig, ZOOKEEPER_PORT } from '../../../scripts/clickhouseLayout.mjs';
import { raw } from './bind';
import type { ClickHouse } from './client';
import { UNNAMED } from './passes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLICKHOUSE_SERVER = ['/usr/bin/clickhouse-server', '/usr/sbin/clickhouse-server'].find((p) => existsSync(p));
export { zooKeeperInstalled } from '../../../scripts/clickhouseLayout.mjs';

export interface TestCluster {
  /** CLICKHOUSE_URL of this cluster. */
  readonly url: string;
  /** kill -9 of a server (in CLICKHOUSE_URL's order: without replicas, a shard); resolves once it is gone. */
  kill(server: number): Promise<void>;
  /** Starts a server (again) on its data; resolves once it answers. */
  start(server: number): Promise<void>;
  /** Kills every server (and ZooKeeper) and removes their data. */
  remove(): Promise<void>;
}

const killed = async (pid: number) => {
  process.kill(pid, 'SIGKILL');
  for (let t = 0; t < 100; t++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};

export async function startTestCluster(offset = 77, options: { replicas?: boolean } = {}): Promise<TestCluster> {
  if (!CLICKHOUSE_SERVER) throw new Error('clickhouse-server is not installed');
  const { replicas = false } = options;
  const dir = mkdtempSync(join(tmpdir(), 'portal-ch-'));
  const { servers, url } = layout({ replicas, offset });
  const pids: (number | undefined)[] = [];
  let zooKeeper: number | undefined;
  for (const s of servers) writeServerConfig(ROOT, s, join(dir, s.name), { replicas, offset });
  const cluster: TestCluster = {
    url,
    async start(i) {
      if (await ping(servers[i]!.http)) throw new Error(`port ${servers[i]!.http} is taken`);
      const serverDir = join(dir, servers[i]!.name);
      const pidFile = join(serverDir, 'server.pid');
      rmSync(pidFile, { force: true });
      const run = spawnSync(CLICKHOUSE_SERVER!, ['--daemon', `--config-file=${join(serverDir, 'config.xml')}`, `--pid-file=${pidFile}`], { cwd: serverDir });
      if (run.status !== 0) throw new Error(`${servers[i]!.name} did not start: ${run.stderr.toString()}`);
      for (let t = 0; t < 300; t++) {
        if (await ping(servers[i]!.http)) {
          pids[i] = Number(readFileSync(pidFile, 'utf8').trim());
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${servers[i]!.name} does not answer; see ${join(serverDir, 'log')}`);
    },
    async kill(i) {
      const pid = pids[i];
      pids[i] = undefined;
      if (pid !== undefined) await killed(pid);
    },
    async remove() {
      for (const i of servers.keys()) await cluster.kill(i);
      if (zooKeeper !== undefined) await killed(zooKeeper);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    if (replicas) zooKeeper = await startZooKeeper(join(dir, 'zookeeper'), ZOOKEEPER_PORT + offset);
    for (const i of servers.keys()) await cluster.start(i);
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
  for (const [server, url] of ch.servers.entries()) {
    await ch
      .command(raw(`DROP DATABASE IF EXISTS ${ch.config.database}`), { server }, AbortSignal.timeout(60_000))
      .catch((err: unknown) => console.warn(`ClickHouse database ${ch.config.database} on ${url} not dropped: ${String(err)}`));
  }
}

/** Runs `work` with builds never recorded deleted however recently they started (UNNAMED.afterMs 0), then restores it. */
export async function withUnnamedDeletedAtOnce<T>(work: () => Promise<T>): Promise<T> {
  const afterMs = UNNAMED.afterMs;
  UNNAMED.afterMs = 0;
  try {
    return await work();
  } finally {
    UNNAMED.afterMs = afterMs;
  }
}

#!/usr/bin/env node
/**
 * Starts or stops the ClickHouse cluster on 127.0.0.1 from deploy/clickhouse/ (npm run clickhouse:start /
 * clickhouse:stop): two shards on 19000/19001 (native) and 18123/18124 (HTTP); with `replicas`
 * (npm run clickhouse:start -- replicas) a second replica of each on 19002/19003 and 18125/18126, and ZooKeeper on
 * 12181 for them. Data, logs and pid files live under .clickhouse/ (git-ignored, or CLICKHOUSE_DATA_DIR). Needs
 * Debian's clickhouse-server package, and for replicas its zookeeper package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { layout, listening, ping, startZooKeeper, writeServerConfig, ZOOKEEPER_PORT, zooKeeperInstalled } from './clickhouseLayout.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(process.env.CLICKHOUSE_DATA_DIR ?? join(root, '.clickhouse'));
const server = ['/usr/bin/clickhouse-server', '/usr/sbin/clickhouse-server'].find((p) => existsSync(p)) ?? 'clickhouse-server';

/** How long start waits for a server to answer. */
const START_WAIT_S = 300;

async function start(replicas) {
  const { servers, url } = layout({ replicas });
  if (replicas) {
    if (!zooKeeperInstalled()) throw new Error('Replicas need ZooKeeper: apt-get install zookeeper (Debian).');
    if (await listening(ZOOKEEPER_PORT)) console.info(`ZooKeeper is already running (${ZOOKEEPER_PORT}).`);
    else await startZooKeeper(join(dataDir, 'zookeeper'), ZOOKEEPER_PORT);
  }
  for (const s of servers) {
    if (await ping(s.http)) {
      console.info(`${s.name} is already running (http ${s.http}).`);
      continue;
    }
    const dir = join(dataDir, s.name);
    writeServerConfig(root, s, dir, { replicas });
    const run = spawnSync(server, ['--daemon', `--config-file=${join(dir, 'config.xml')}`, `--pid-file=${join(dir, 'server.pid')}`], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`${s.name} did not start (exit ${run.status}); see ${join(dir, 'log')}.`);
  }
  // A server loads its tables' parts before it answers (7 s for two shards holding 30 M events after a clean stop);
  // the wait leaves room for a slower start, such as after a kill.
  for (const s of servers) {
    let up = false;
    for (let i = 0; i < START_WAIT_S * 5 && !(up = await ping(s.http)); i++) {
      if (i === 50) console.info(`${s.name} is still loading its data…`);
      await sleep(200);
    }
    if (!up) throw new Error(`${s.name} does not answer on http ${s.http} after ${START_WAIT_S} s; see ${join(dataDir, s.name, 'log')}.`);
  }
  console.info(`ClickHouse cluster "portal" up: CLICKHOUSE_URL=${url}`);
}

/** Stops what a start left running: every server folder's pid, then ZooKeeper's. */
async function stop() {
  const servers = [...layout().servers, ...layout({ replicas: true }).servers];
  const pidFiles = [...servers.map((s) => [s.name, join(dataDir, s.name, 'server.pid')]), ['zookeeper', join(dataDir, 'zookeeper', 'zookeeper.pid')]];
  for (const [name, pidFile] of pidFiles) {
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await sleep(200);
    }
    rmSync(pidFile, { force: true });
    console.info(`${name} stopped.`);
  }
}

const [command, option] = process.argv.slice(2);
if (command === 'start' && (option === undefined || option === 'replicas')) await start(option === 'replicas');
else if (command === 'stop' && option === undefined) await stop();
else {
  console.error('usage: node scripts/clickhouse.mjs start [replicas] | stop');
  process.exit(2);
}

#!/usr/bin/env node
/**
 * Starts or stops the two-shard ClickHouse cluster on 127.0.0.1 from deploy/clickhouse/ (npm run clickhouse:start /
 * clickhouse:stop). Data, logs and pid files live under .clickhouse/ (git-ignored, or CLICKHOUSE_DATA_DIR); the
 * shards listen on 19000/19001 (native) and 18123/18124 (HTTP). Needs Debian's clickhouse-server package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(process.env.CLICKHOUSE_DATA_DIR ?? join(root, '.clickhouse'));
const SHARDS = [
  { name: 'shard1', http: 18123 },
  { name: 'shard2', http: 18124 },
];
const server = ['/usr/bin/clickhouse-server', '/usr/sbin/clickhouse-server'].find((p) => existsSync(p)) ?? 'clickhouse-server';

const ping = (port) =>
  new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });

/** How long start waits for a shard to answer. */
const START_WAIT_S = 300;

async function start() {
  for (const shard of SHARDS) {
    if (await ping(shard.http)) {
      console.info(`${shard.name} is already running (http ${shard.http}).`);
      continue;
    }
    const dir = join(dataDir, shard.name);
    for (const sub of ['log', 'data', 'tmp', 'user_files', 'format_schemas']) mkdirSync(join(dir, sub), { recursive: true });
    // The kept configuration with its paths made absolute (the server resolves paths from where it was started).
    const config = readFileSync(join(root, 'deploy/clickhouse', `${shard.name}.xml`), 'utf8').replace(/>\.\//g, `>${dir}/`);
    writeFileSync(join(dir, 'config.xml'), config);
    writeFileSync(join(dir, 'users.xml'), readFileSync(join(root, 'deploy/clickhouse/users.xml')));
    const run = spawnSync(server, ['--daemon', `--config-file=${join(dir, 'config.xml')}`, `--pid-file=${join(dir, 'server.pid')}`], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`${shard.name} did not start (exit ${run.status}); see ${join(dir, 'log')}.`);
  }
  // A shard loads its tables' parts before it answers (7 s for two shards holding 30 M events after a clean stop);
  // the wait leaves room for a slower start, such as after a kill.
  for (const shard of SHARDS) {
    let up = false;
    for (let i = 0; i < START_WAIT_S * 5 && !(up = await ping(shard.http)); i++) {
      if (i === 50) console.info(`${shard.name} is still loading its data…`);
      await sleep(200);
    }
    if (!up) throw new Error(`${shard.name} does not answer on http ${shard.http} after ${START_WAIT_S} s; see ${join(dataDir, shard.name, 'log')}.`);
  }
  console.info(`ClickHouse cluster "portal" up: CLICKHOUSE_URL=${SHARDS.map((s) => `http://127.0.0.1:${s.http}`).join(',')}`);
}

async function stop() {
  for (const shard of SHARDS) {
    const pidFile = join(dataDir, shard.name, 'server.pid');
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
    console.info(`${shard.name} stopped.`);
  }
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'stop') await stop();
else {
  console.error('usage: node scripts/clickhouse.mjs start|stop');
  process.exit(2);
}

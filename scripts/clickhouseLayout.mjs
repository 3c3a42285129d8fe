/**
 * The ClickHouse servers of the portal's cluster on 127.0.0.1, from the configuration kept in deploy/clickhouse/:
 * two shards (shard1.xml, shard2.xml) and, with replicas, a second replica of each on the ports two above its shard's,
 * the cluster's layout and ZooKeeper from replicas.xml. Used by `npm run clickhouse:start` (scripts/clickhouse.mjs)
 * and by the tests' clusters of their own (server/logs/clickhouse/testCluster.ts), which move every port by an offset.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The ports in the shards' files: HTTP, native and interserver of shard 1 and shard 2. */
const SHARD_PORTS = [18123, 18124, 19000, 19001, 19009, 19010];
/** The ports in replicas.xml: every server's native port, and ZooKeeper's. */
const REPLICA_PORTS = [19000, 19001, 19002, 19003];
export const ZOOKEEPER_PORT = 12181;

/** Every `>port<` of `ports` in an XML text moved by `by`. */
const moved = (text, ports, by) => text.replace(/>(\d+)</g, (whole, port) => (ports.includes(Number(port)) ? `>${Number(port) + by}<` : whole));

/**
 * The servers: `name` (its folder), `shard` and `replica` (from 0), `http` (its HTTP port). Shard by shard in the
 * order of `remote_servers`, as CLICKHOUSE_URL lists them (`url`).
 */
export function layout({ replicas = false, offset = 0 } = {}) {
  const servers = [0, 1].flatMap((shard) =>
    (replicas ? [0, 1] : [0]).map((replica) => ({
      // Folders of their own with replicas: the tables of a cluster without them are not replicated.
      name: replicas ? `shard${shard + 1}-replica${replica + 1}` : `shard${shard + 1}`,
      shard,
      replica,
      http: 18123 + shard + 2 * replica + offset,
    })),
  );
  const url = [0, 1].map((shard) => servers.filter((s) => s.shard === shard).map((s) => `http://127.0.0.1:${s.http}`).join('|')).join(',');
  return { servers, url };
}

/**
 * Writes a server's configuration into `dir` (its data folder): its shard's file with paths made absolute (the server
 * resolves them from where it was started) and ports moved, the users, and with replicas the layout and its macros.
 */
export function writeServerConfig(root, server, dir, { replicas = false, offset = 0 } = {}) {
  for (const sub of ['log', 'data', 'tmp', 'user_files', 'format_schemas', 'config.d']) mkdirSync(join(dir, sub), { recursive: true });
  const kept = (file) => readFileSync(join(root, 'deploy/clickhouse', file), 'utf8');
  const config = moved(kept(`shard${server.shard + 1}.xml`), SHARD_PORTS, 2 * server.replica + offset).replace(/>\.\//g, `>${dir}/`);
  writeFileSync(join(dir, 'config.xml'), config);
  writeFileSync(join(dir, 'users.xml'), kept('users.xml'));
  if (replicas) {
    writeFileSync(join(dir, 'config.d', 'replicas.xml'), moved(kept('replicas.xml'), [...REPLICA_PORTS, ZOOKEEPER_PORT], offset));
    writeFileSync(
      join(dir, 'config.d', 'macros.xml'),
      `<?xml version="1.0"?>\n<yandex>\n    <macros replace="1"><shard>${server.shard + 1}</shard><replica>r${server.replica + 1}</replica></macros>\n</yandex>\n`,
    );
  }
}

/** Debian's ZooKeeper (package zookeeper), its server's main class and its classpath. */
const ZOOKEEPER_JAR = '/usr/share/java/zookeeper.jar';
export const zooKeeperInstalled = () => existsSync(ZOOKEEPER_JAR) && existsSync('/usr/bin/java');

/**
 * Starts a standalone ZooKeeper on `port` with its data in `dir` (no admin web server, which would take port 8080);
 * resolves with its pid once it takes connections.
 */
export async function startZooKeeper(dir, port) {
  if (await listening(port)) throw new Error(`port ${port} of ZooKeeper is taken`);
  mkdirSync(join(dir, 'data'), { recursive: true });
  const log = openSync(join(dir, 'zookeeper.log'), 'a');
  const child = spawn(
    '/usr/bin/java',
    ['-Dzookeeper.admin.enableServer=false', '-Xmx256m', '-cp', `/etc/zookeeper/conf:${ZOOKEEPER_JAR}`, 'org.apache.zookeeper.server.ZooKeeperServerMain', String(port), join(dir, 'data')],
    { detached: true, stdio: ['ignore', log, log] },
  );
  child.unref();
  closeSync(log);
  writeFileSync(join(dir, 'zookeeper.pid'), String(child.pid));
  for (let i = 0; i < 300; i++) {
    if (await serving(port)) return child.pid;
    if (child.exitCode !== null) break;
    await sleep(200);
  }
  throw new Error(`ZooKeeper does not take connections on ${port}; see ${join(dir, 'zookeeper.log')}`);
}

/**
 * Whether ZooKeeper serves on a port: it answers its `srvr` command once it has loaded its data (a ClickHouse server
 * started while it only takes connections fails its handshake and stops).
 */
const serving = (port) =>
  new Promise((resolve) => {
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write('srvr'));
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer.includes('Mode:')));
    socket.on('error', () => resolve(false));
  });

/** Whether something takes connections on a port of 127.0.0.1. */
export const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Whether the server with this HTTP port on 127.0.0.1 answers its /ping. */
export const ping = (port) =>
  new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });

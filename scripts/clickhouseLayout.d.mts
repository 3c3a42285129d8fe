// Types of clickhouseLayout.mjs for the tests' clusters (server/logs/clickhouse/testCluster.ts).
export interface LayoutServer {
  readonly name: string;
  readonly shard: number;
  readonly replica: number;
  readonly http: number;
}
export interface LayoutOptions {
  readonly replicas?: boolean;
  readonly offset?: number;
}
export const ZOOKEEPER_PORT: number;
export function layout(options?: LayoutOptions): { servers: LayoutServer[]; url: string };
export function writeServerConfig(root: string, server: LayoutServer, dir: string, options?: LayoutOptions): void;
export function zooKeeperInstalled(): boolean;
export function startZooKeeper(dir: string, port: number): Promise<number>;
export function listening(port: number): Promise<boolean>;
export function ping(port: number): Promise<boolean>;

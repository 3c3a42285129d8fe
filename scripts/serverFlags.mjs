// Node's flags for the reference server, wherever it runs as a process of its own: `npm start`, `npm run server` (its
// script in package.json repeats them; a test checks that it does) and the benchmarks' processes.
//
// --max-semi-space-size=64 (MiB; Node 20's default is 16): ingestion allocates a short-lived copy of every event
// (its line, the parsed object, the schema's result, its stored form), and with the default young generation a
// seventh of the server's processor time went to collecting it. On the ingestion benchmark (web events over HTTP to
// the ClickHouse store, alternating pairs, docs/benchmarks.md 2026-12-03 09:25) the process took 0.64–1.21 of its processor
// time per event (median 0.84, 14 pairs) and stored 0.63–1.46 times as many events per second (median 1.13, 15 pairs),
// for about 110 MiB more resident memory.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

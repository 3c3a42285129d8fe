/** `npm run server` / `npm start`: the reference API server and the portal, configured from the environment. */
import { startServer } from './startServer';

const server = await startServer({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
console.log(`Isolation Admin Portal listening on ${server.url}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  });
}

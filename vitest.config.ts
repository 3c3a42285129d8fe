import { defineConfig } from 'vitest/config';

/**
 * Four suites: unit (Node, beside the code), component (jsdom, beside the code), api (live server) and e2e
 * (live server and Debian's Chromium). Benchmarks live under tests/bench and run only through `npm run bench`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Generous: the whole suite runs its projects side by side on two cores, where a 1 s test can take 5 s.
          testTimeout: 30_000,
          // Hooks start and drop stores (the ClickHouse tests' shards among them): as generous as the tests.
          hookTimeout: 120_000,
          include: ['{schemas,definitions,engine,src,server,codegen,scripts}/**/*.test.ts'],
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'component',
          environment: 'jsdom',
          testTimeout: 30_000,
          include: ['{engine,src}/**/*.test.tsx'],
          setupFiles: ['tests/setup/component.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/api-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Tests marked concurrent (the visual walk's passes) run two at a time.
          maxConcurrency: 2,
          fileParallelism: false,
        },
      },
    ],
  },
});

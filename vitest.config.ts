import { defineConfig } from 'vitest/config';

/**
 * Four suites: unit (Node, beside the code), component (jsdom, beside the code), api (live server) and e2e
 * (live server and Debian's Chromium). Benchmarks live under tests/bench and run only through `npm run bench`.
 */
/** The component tests that replace a module with `vi.mock` (kept isolated; scripts/testProjects.test.ts checks the list). */
export const COMPONENT_MOCKS = ['engine/render/report/ReportView.test.tsx', 'engine/render/report/ReportCatalogueView.test.tsx'];

/**
 * How long a test may take before it counts as hung. Speed is measured by `npm run bench`, never by a timeout: CI runs
 * the suites side by side with the API suite on PostgreSQL and the log store on ClickHouse, two cores loaded three times
 * over, where a test of 10 s on a quiet machine has taken 30 s.
 */
const HUNG_AFTER_MS = 120_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          testTimeout: HUNG_AFTER_MS,
          // Hooks start and drop stores (the ClickHouse tests' shards among them); on ClickHouse under CI's load a drop
          // has taken past 120 s.
          hookTimeout: 300_000,
          include: ['{schemas,definitions,engine,src,server,codegen,scripts}/**/*.test.ts'],
          // One module graph per worker, not per file: a third less time, and no file of this project mocks a module.
          isolate: false,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'component',
          environment: 'jsdom',
          testTimeout: HUNG_AFTER_MS,
          include: ['{engine,src}/**/*.test.tsx'],
          // Files that replace a module (`vi.mock`) need a module graph of their own: the mock does not take where
          // another file of the worker loaded the module first. They run isolated, in the project below.
          exclude: COMPONENT_MOCKS,
          setupFiles: ['tests/setup/component.ts'],
          // One jsdom and module graph per worker, not per file: the project takes a third of the time.
          isolate: false,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'component-mocks',
          environment: 'jsdom',
          testTimeout: HUNG_AFTER_MS,
          include: COMPONENT_MOCKS,
          setupFiles: ['tests/setup/component.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/api-server.ts'],
          testTimeout: HUNG_AFTER_MS,
          // Hooks start and stop servers; on ClickHouse under CI's load a stop has taken past 120 s.
          hookTimeout: 300_000,
          fileParallelism: false,
          // One module graph for every file, not one per file: the files share no module state (each starts its own
          // servers or uses the suite's), and re-importing the server per file took a fifth of the run under CI's load.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-server.ts'],
          testTimeout: HUNG_AFTER_MS,
          hookTimeout: 240_000,
          // A page's data may answer seconds late under CI's load: `expect.poll` waits up to 15 s (its default is 1 s).
          expect: { poll: { timeout: 15_000 } },
          // Tests marked concurrent (the visual walk's passes) run two at a time.
          maxConcurrency: 2,
          fileParallelism: false,
        },
      },
    ],
  },
});

/**
 * Global set-up of the browser suite: builds the portal when dist/ is missing or older than its sources, starts a
 * reference server (cloud, production, so sign-in runs the single sign-on flow) and hands its URL to the tests.
 */
import type { TestProject } from 'vitest/node';
import { buildDistIfStale } from './dist';
import { startTestServer, makeStoreTemplates, type TestServer } from './start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: TestServer | undefined;
let removeTemplates: (() => void) | undefined;

export async function setup(project: TestProject): Promise<void> {
  buildDistIfStale();
  removeTemplates = makeStoreTemplates();
  server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'cloud', PORTAL_PRODUCTION: 'true' } });
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.close();
  removeTemplates?.();
}

/**
 * Global setup of the api project: one server for the whole run, on a fresh PGlite folder, or on DATABASE_URL
 * after emptying that database. Tests read its address with `inject('baseUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { resetPostgres, startTestServer, makeStoreTemplates } from './start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  const removeTemplates = makeStoreTemplates();
  const server = await startTestServer();
  project.provide('baseUrl', server.url);
  return async () => {
    await server.close();
    removeTemplates();
  };
}

/**
 * Seed documents: `documents/<screen-id>.json`, one file per screen. A file holds the document every tenant gets, or
 * `{ "$tenants": { "<tenant name>": document, "*": document } }` for documents that differ per tenant ("*" is the
 * fallback). Each is validated against its screen's schema when seeded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isDocumentScreen, type DocumentScreen } from '../../definitions/define';
import type { Registry } from '../../definitions/registry';

export const SEED_DOCUMENTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'documents');

type Doc = Record<string, unknown>;

export interface SeedDocument {
  readonly file: string;
  /** The screen named by the file, or undefined when the registry has no such document screen. */
  readonly screen: DocumentScreen | undefined;
  /** The tenant's document, validated (defaults filled in), or undefined when the file has none for it. */
  forTenant(tenantName: string): Doc | undefined;
}

function parseFor(file: string, screen: DocumentScreen, tenant: string, raw: unknown): Doc {
  const r = screen.schema.safeParse(raw);
  if (!r.success) throw new Error(`Seed document ${file} is not a valid ${screen.id} for ${tenant}:\n${z.prettifyError(r.error)}`);
  return r.data as Doc;
}

/** Every seed document file, in name order. */
export function loadSeedDocuments(registry: Registry, dir = SEED_DOCUMENTS_DIR): SeedDocument[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Doc;
      const found = registry.screen(basename(file, '.json'));
      const screen = found && isDocumentScreen(found) ? found : undefined;
      const perTenant = raw.$tenants as Record<string, unknown> | undefined;
      return {
        file,
        screen,
        forTenant(tenant: string) {
          const doc = perTenant ? (perTenant[tenant] ?? perTenant['*']) : raw;
          return screen && doc !== undefined ? parseFor(file, screen, tenant, doc) : undefined;
        },
      };
    });
}

/**
 * `npm run codegen` writes every generated file. Only `docs/openapi.json` is committed (the reviewed contract); the
 * rest (client, catalog, JSON Schemas, auditor docs) is derived into git-ignored places.
 *
 * - `--if-stale`: do nothing when the inputs (schemas/, definitions/, codegen/, package.json) are unchanged since the
 *   last run and every output exists (`npm start`, `npm run build` and `npm test` call it this way).
 * - `--check` (CI, via `npm test`): exit 1 when the committed contract differs from what the registry gives; otherwise
 *   write the derived files like `--if-stale`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { registry } from '../definitions/index';
import { DOCS_DIR, generate, OPENAPI_PATH } from './generate';
import { CODEGEN_COMMAND } from './header';
import { filesUnder, loadDefinitionModules, loadSchemaNames, packageVersion, ROOT, staleFiles } from './load';

const INPUTS = ['schemas', 'definitions', 'codegen'];
const STAMP = 'engine/generated/.inputs-hash';

function inputsHash(): string {
  const h = createHash('sha256');
  const files = [...INPUTS.flatMap(filesUnder), 'package.json'].sort();
  for (const f of files) h.update(f).update('\0').update(readFileSync(join(ROOT, f))).update('\0');
  return h.digest('hex');
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const ifStale = check || process.argv.includes('--if-stale');
  const hash = inputsHash();
  const stampPath = join(ROOT, STAMP);
  const upToDate = existsSync(stampPath) && readFileSync(stampPath, 'utf8') === hash;
  if (ifStale && upToDate && !check) {
    console.log('Generated files are current.');
    return;
  }
  const files = generate(registry, {
    names: await loadSchemaNames(),
    version: packageVersion(),
    definitionModules: await loadDefinitionModules(),
  });
  const { changed, extra } = staleFiles(files, DOCS_DIR);
  if (check && changed.includes(OPENAPI_PATH)) {
    console.error(`The committed contract ${OPENAPI_PATH} is stale: run \`${CODEGEN_COMMAND}\` and commit it.`);
    process.exitCode = 1;
    return;
  }
  for (const p of changed) {
    mkdirSync(dirname(join(ROOT, p)), { recursive: true });
    writeFileSync(join(ROOT, p), files.get(p)!);
  }
  for (const p of extra) rmSync(join(ROOT, p));
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, hash);
  console.log(`${files.size} generated files; ${changed.length} written, ${extra.length} removed.`);
}

await main();

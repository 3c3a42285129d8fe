/**
 * `npm run codegen` writes every generated file; `npm run codegen:check` (CI) writes nothing and exits 1, listing
 * each file that is stale, missing, or no longer generated.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { registry } from '../definitions/index';
import { CATALOG_PATH } from './catalog';
import { CLIENT_PATH } from './client';
import { DOCS_DIR, generate } from './generate';
import { CODEGEN_COMMAND } from './header';
import { loadDefinitionModules, loadSchemaNames, packageVersion, ROOT, staleFiles } from './load';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = generate(registry, {
    names: await loadSchemaNames(),
    version: packageVersion(),
    definitionModules: await loadDefinitionModules(),
  });
  const { changed, extra } = staleFiles(files, DOCS_DIR);
  if (check) {
    if (changed.length === 0 && extra.length === 0) {
      console.log(`Generated files are current (${files.size} files).`);
      return;
    }
    console.error(`Generated files are stale; run \`${CODEGEN_COMMAND}\` and commit the result:`);
    for (const p of changed) console.error(`  ${existsSync(join(ROOT, p)) ? 'changed' : 'missing'}: ${p}`);
    for (const p of extra) console.error(`  no longer generated: ${p}`);
    process.exitCode = 1;
    return;
  }
  for (const p of changed) {
    mkdirSync(dirname(join(ROOT, p)), { recursive: true });
    writeFileSync(join(ROOT, p), files.get(p)!);
  }
  for (const p of extra) rmSync(join(ROOT, p));
  console.log(`${files.size} generated files; ${changed.length} written, ${extra.length} removed (${CLIENT_PATH}, ${CATALOG_PATH}, ${DOCS_DIR}/).`);
}

await main();

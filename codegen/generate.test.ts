import { describe, expect, it } from 'vitest';
import { registry } from '../definitions/index';
import { DOCS_DIR, generate, OPENAPI_PATH } from './generate';
import { CODEGEN_COMMAND, DO_NOT_EDIT } from './header';
import { CATALOG_PATH } from './catalog';
import { loadDefinitionModules, loadSchemaNames, packageVersion, staleFiles } from './load';

describe('generate', () => {
  // Generating every file twice for the whole registry takes seconds on a shared machine.
  it('gives the same files for the same registry, each with the DO-NOT-EDIT notice naming the command', async () => {
    const names = await loadSchemaNames();
    const a = generate(registry, { names, version: '1' });
    const b = generate(registry, { names, version: '1' });
    expect([...a]).toEqual([...b]);
    expect(DO_NOT_EDIT).toContain(`\`${CODEGEN_COMMAND}\``);
    for (const [path, content] of a) {
      const head = content.slice(0, 400);
      if (path.endsWith('.json')) expect(head, path).toContain(`"${path.endsWith('openapi.json') ? 'x-generated' : '$comment'}": "${DO_NOT_EDIT.replace(/"/g, '\\"')}"`);
      else expect(head, path).toContain(DO_NOT_EDIT);
    }
    for (const s of registry.screens) expect(a.has(`docs/areas/${s.id}.md`) && a.has(`docs/site/areas/${s.id}.html`)).toBe(true);
  });

  it('matches the committed contract: run `npm run codegen` and commit docs/openapi.json after changing definitions/ or schemas/', async () => {
    const files = generate(registry, {
      names: await loadSchemaNames(),
      version: packageVersion(),
      definitionModules: await loadDefinitionModules(),
    });
    expect(files.has(CATALOG_PATH)).toBe(true);
    expect(staleFiles(files, DOCS_DIR).changed).not.toContain(OPENAPI_PATH);
  });
});

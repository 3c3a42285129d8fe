/**
 * Bundle benchmark: builds the portal (`vite build` into a temporary folder) and reports the gzipped size of the
 * JavaScript the sign-in screen (login/index.html) and the shell (index.html) load initially: the module scripts and
 * modulepreload links of each page and, transitively, the chunks those import statically. Budget: 150 KB gzipped
 * each (DESIGN.md "Performance budgets"). Over budget, it lists the largest packages and modules of those chunks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '..', '..');
const BUDGET_KB = 150;

interface Chunk {
  readonly fileName: string;
  readonly type: string;
  readonly modules?: Record<string, { readonly renderedLength: number }>;
}

const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
const kb = (bytes: number) => bytes / 1024;

try {
  const result = await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 100_000 },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: Chunk[] }[];
  const chunks = new Map(outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

  /** The JavaScript a page loads before any lazy import: its tags, then static imports, transitively. */
  const initialJs = (page: string): string[] => {
    const html = readFileSync(join(outDir, page), 'utf8');
    const base = dirname(page);
    const found = new Set<string>();
    const tags = [...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)];
    const queue = tags.map((m) => (m[1]!.startsWith('/') ? m[1]!.slice(1) : posix.join(base, m[1]!)));
    while (queue.length) {
      const file = queue.shift()!;
      if (found.has(file)) continue;
      found.add(file);
      const code = readFileSync(join(outDir, file), 'utf8');
      // Static imports only (`import ... from "./x.js"`, `import "./x.js"`); dynamic `import("./x.js")` is lazy.
      for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) queue.push(posix.join(posix.dirname(file), m[1]!));
    }
    return [...found];
  };

  let over = false;
  console.log(`Initial JavaScript, gzipped (level 9), budget ${BUDGET_KB} KB each`);
  for (const [label, page] of [
    ['sign-in screen', 'login/index.html'],
    ['shell', 'index.html'],
  ] as const) {
    const files = initialJs(page);
    const sizes = files.map((f) => ({ file: f, gz: gz(f) })).sort((a, b) => b.gz - a.gz);
    const total = sizes.reduce((sum, s) => sum + s.gz, 0);
    const verdict = kb(total) <= BUDGET_KB ? 'within budget' : `OVER by ${(kb(total) - BUDGET_KB).toFixed(1)} KB`;
    console.log(`\n  ${label} (${page}): ${kb(total).toFixed(1)} KB in ${files.length} files: ${verdict}`);
    for (const s of sizes) console.log(`    ${kb(s.gz).toFixed(1).padStart(7)} KB  ${s.file}`);
    if (kb(total) <= BUDGET_KB) continue;
    over = true;
    // Where the bytes come from: rendered (minified, not gzipped) length per package and per module.
    const modules = files.flatMap((f) => Object.entries(chunks.get(f)?.modules ?? {}));
    const packageOf = (id: string) => {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
      return m ? m[1]! : id.startsWith(ROOT) ? id.slice(ROOT.length + 1).split('/').slice(0, 2).join('/') : id;
    };
    const byPackage = new Map<string, number>();
    for (const [id, m] of modules) byPackage.set(packageOf(id), (byPackage.get(packageOf(id)) ?? 0) + m.renderedLength);
    const all = [...byPackage.values()].reduce((a, b) => a + b, 0);
    console.log('    by package / folder (minified bytes, share):');
    for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`      ${kb(bytes).toFixed(1).padStart(8)} KB ${((bytes / all) * 100).toFixed(0).padStart(3)}%  ${name}`);
    }
    console.log('    largest own modules:');
    for (const [id, m] of modules.filter(([id]) => !id.includes('node_modules')).sort((a, b) => b[1].renderedLength - a[1].renderedLength).slice(0, 12)) {
      console.log(`      ${kb(m.renderedLength).toFixed(1).padStart(8)} KB  ${id.replace(`${ROOT}/`, '')}`);
    }
  }
  if (over) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

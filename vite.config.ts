import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** What is worth compressing: text assets above a packet's size. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, once, at the highest levels: the server
 * sends them as they are (@fastify/static's preCompressed), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Also called after a failed build, which wrote nothing: leave the build's own error to be read.
      if (!existsSync(outDir)) return;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's ScrollArea (inside every modal, so on every table screen) takes only `useMergeRefs` from
 * @floating-ui/react, whose single module (the positioning library, 15 KB gzipped) then came with it. It gets an
 * equivalent over Mantine's own hook instead (src/shims/useMergeRefs.ts); menus, popovers and selects keep the library.
 */
function scrollAreaWithoutPositioning(): Plugin {
  const shim = resolve(import.meta.dirname, 'src/shims/useMergeRefs.ts');
  return {
    name: 'portal-scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer)) return shim;
      return null;
    },
  };
}

/**
 * Mantine's ModalRoot imports ScrollArea only to compare a modal's `scrollAreaComponent` with `ScrollArea.Autosize`,
 * and Table (through Table.ScrollContainer) only to render it for `type="scrollarea"`: so every screen with a dialog
 * or a table downloaded the scroll area (5 KB gzipped). Both get a stand-in (src/shims/noScrollArea.ts); the build
 * fails if a source file sets a modal's `scrollAreaComponent` or opens a Table.ScrollContainer without `type="native"`.
 */
function dialogsAndTablesWithoutScrollArea(): Plugin {
  const shim = resolve(import.meta.dirname, 'src/shims/noScrollArea.ts');
  const importers = /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Modal[\\/]ModalRoot|Table[\\/]TableScrollContainer)\.mjs$/;
  return {
    name: 'portal-no-scroll-area',
    enforce: 'pre',
    resolveId(source, importer) {
      if (/[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(source) && importer && importers.test(importer)) return shim;
      return null;
    },
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || id === shim) return null;
      if (/\bscrollAreaComponent\b/.test(code)) this.error(`${id} sets a modal's scrollAreaComponent, which this build does not support (vite.config.ts).`);
      for (const tag of code.match(/<Table\.ScrollContainer\b[^>]*>/g) ?? []) {
        if (!/\btype="native"/.test(tag)) this.error(`${id}: Table.ScrollContainer needs type="native" in this build (vite.config.ts).`);
      }
      return null;
    },
  };
}

/**
 * Three pages: the portal (hash routes), the login module, served at /login/ (cloud IdP) and /d/ (on-prem), and the
 * provider console at /provider/ (the portal's shell showing the console's sections).
 */
export default defineConfig({
  plugins: [scrollAreaWithoutPositioning(), dialogsAndTablesWithoutScrollArea(), react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      input: {
        portal: resolve(import.meta.dirname, 'index.html'),
        login: resolve(import.meta.dirname, 'login/index.html'),
        provider: resolve(import.meta.dirname, 'provider/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/docs': 'http://127.0.0.1:8080',
      '/idp': 'http://127.0.0.1:8080',
      '/gdmanage': 'http://127.0.0.1:8080',
    },
  },
});

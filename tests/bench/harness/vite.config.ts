/** Builds the bench harness page (production React, like the portal); the benchmarks pass the output folder. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 10_000 },
});

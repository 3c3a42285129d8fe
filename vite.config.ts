import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Two pages: the portal (hash routes) and the login module, served at /login/ (cloud IdP) and /d/ (on-prem). */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      input: {
        portal: resolve(import.meta.dirname, 'index.html'),
        login: resolve(import.meta.dirname, 'login/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/docs': 'http://127.0.0.1:8080',
      '/idp': 'http://127.0.0.1:8080',
    },
  },
});

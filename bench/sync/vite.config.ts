/**
 * Vite config of the sync bench page (page/): the app's src/data modules bundled as the app
 * bundles them, without the UI or the service worker. bench/lib/page-build.ts sets the outDir.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./page', import.meta.url)),
  base: '/',
  publicDir: false,
  resolve: {
    alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
});

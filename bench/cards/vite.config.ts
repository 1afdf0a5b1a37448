/**
 * Vite config of the cards bench page (page/): the app's photo card tile (React, CSS modules) and
 * its local reads, bundled as the app bundles them. bench/lib/page-build.ts sets the outDir.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./page', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
});

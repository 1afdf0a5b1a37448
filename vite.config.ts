import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath, URL } from 'node:url';
import { readFileSync } from 'node:fs';
import { precompress } from './server/build/precompress.ts';

// The manifest lives at the top level as a plain file so it can be read and checked on its own;
// vite-plugin-pwa injects it into the build.
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('./manifest.webmanifest', import.meta.url)), 'utf8'),
);

// In dev, PocketBase runs beside Vite; proxying keeps one origin for the app.
const pbTarget = process.env.PB_URL ?? 'http://127.0.0.1:8090';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/*.png', 'favicon.svg'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // the manifest's screenshots are for install dialogs, not for every first visit
        globIgnores: ['demo/**', 'screenshots/**'],
        // A classic worker runs in every browser that supports service workers.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    // .br/.gz beside each text file, after the worker is built (server/build/precompress.ts)
    precompress(),
  ],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: pbTarget, changeOrigin: true, ws: true },
      '/_': { target: pbTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});

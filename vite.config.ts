import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath, URL } from 'node:url';
import { readFileSync } from 'node:fs';
import { entrySteps } from './server/build/entry-steps.ts';
import { precompress } from './server/build/precompress.ts';

// The manifest lives at the top level as a plain file so it can be read and checked on its own;
// vite-plugin-pwa injects it into the build.
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('./manifest.webmanifest', import.meta.url)), 'utf8'),
);

// In dev, PocketBase runs beside Vite; proxying keeps one origin for the app.
const pbTarget = process.env.PB_URL ?? 'http://127.0.0.1:8090';

// The first-screen renderer (src/entry-server.tsx, `vite build --ssr`, see docs/first-visit.md)
// must draw the very tree the browser hydrates. TanStack Router draws a different tree when it
// knows it runs on a server (no Suspense around routes, its own scroll script), so the renderer
// bundles the router with its browser flag; everything else runs as on the client.
const ROUTER_PACKAGES = [
  '@tanstack/react-router',
  '@tanstack/router-core',
  '@tanstack/history',
  '@tanstack/react-store',
  '@tanstack/store',
];

export default defineConfig(({ isSsrBuild }) => ({
  // The test API (window.__pocamarket, src/app/test-api.ts) is built only for the e2e suites
  // (`POCAMARKET_TEST_API=1 npm run build`); a plain build holds no trace of it.
  define: { __TEST_API__: JSON.stringify(process.env.POCAMARKET_TEST_API === '1') },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(isSsrBuild
        ? {
            '@tanstack/router-core/isServer': fileURLToPath(
              new URL(
                './node_modules/@tanstack/router-core/dist/esm/isServer/client.js',
                import.meta.url,
              ),
            ),
          }
        : {}),
    },
  },
  ssr: { noExternal: ROUTER_PACKAGES },
  // the pull's worker (src/data/sync/pull-worker.ts) is a module worker: its bundle may split
  worker: { format: 'es' as const },
  plugins: [
    react(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        manifestFilename: 'manifest.webmanifest',
        // the worker precaches only the icons it shows itself (a notification's icon and badge);
        // the install icons, shortcuts and the apple-touch icon are fetched by the browser when
        // it installs the app, and 210 KB of them would be every first visit's download
        includeAssets: ['icons/icon-192.png', 'icons/badge-96.png', 'favicon.svg'],
        includeManifestIcons: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,webp,woff2}'],
          // the manifest's screenshots are for install dialogs, not for every first visit
          globIgnores: ['demo/**', 'screenshots/**'],
          // A classic worker runs in every browser that supports service workers.
          rollupFormat: 'iife',
        },
        devOptions: { enabled: false, type: 'module' },
      }),
    // index.html preloads react-dom, which the entry evaluates as a step of its own (src/main.tsx)
    !isSsrBuild && entrySteps([/\/node_modules\/react-dom\/cjs\/react-dom-client\./]),
    // .br/.gz beside each text file, after the worker is built (server/build/precompress.ts)
    !isSsrBuild && precompress(),
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
    // A lazy chunk's imports are not preloaded by <link rel=modulepreload> elements: the helper
    // that adds them appended up to 36 links in one task (120 ms of a phone's main thread when
    // the data layer starts). The browser fetches them from the import graph instead (from the
    // service worker's cache after the first visit); a route's own chunks are preloaded by the
    // first screen's HTML (server/build/entry-steps.ts). CSS of lazy chunks is still loaded.
    modulePreload: false,
    // the renderer reads index.html and the icons from the client build; it needs no copy
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: the renderer links each route's chunk and CSS from it
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // The trade screens (매칭, 거래, 교환 제안, 채팅, 내 교환 목록) in one chunk: split by
        // sharing they made some 40 small chunks, and every chunk's name sits in the entry's
        // preload table that each first visit downloads (bench/bundle). Only modules no other
        // screen imports belong here: a shared module moved in (the card detail's trade-list
        // strings) was read before this chunk had run, and the card detail crashed.
        codeSplitting: isSsrBuild
          ? undefined
          : {
              // only the matched modules: what they import stays where it was
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'trade-screens',
                  test: /\/src\/(features\/(trades|chat|trade-lists)\/|routes\/trade-screens\.ts)/,
                },
              ],
            },
      },
    },
  },
}));

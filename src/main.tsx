import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-sw';
import { createAppRouter } from './app/router';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

void registerServiceWorker().catch((err: unknown) => console.warn('[sw] registration failed', err));

// The data layer (Dexie, the PocketBase SDK, sync) loads after the first paint, in its own chunk.
const startDataLayer = () =>
  void import('./app/start-data')
    .then((m) => m.startData())
    .catch((err: unknown) => console.error('[data] start failed', err));
if ('requestIdleCallback' in window) requestIdleCallback(startDataLayer, { timeout: 1500 });
else setTimeout(startDataLayer, 0);

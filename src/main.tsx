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

registerServiceWorker();

/// <reference types="vite/client" />
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorScreen } from '@/app/errors/error-screen';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('<ErrorScreen />', () => {
  it('shows status, status text, message and a GO HOME link to /', () => {
    const el = document.createElement('div');
    const root = createRoot(el);
    const error = Object.assign(new Error('권한이 없습니다'), { status: 403 });
    act(() => root.render(<ErrorScreen error={error} reset={() => {}} />));
    expect(el.textContent).toContain('403');
    expect(el.querySelector('h1')?.textContent).toBe('Forbidden');
    expect(el.textContent).toContain('권한이 없습니다');
    const home = el.querySelector('a');
    expect(home?.textContent).toBe('GO HOME');
    expect(home?.getAttribute('href')).toBe('/');
    act(() => root.unmount());
  });
});

import { Outlet } from '@tanstack/react-router';
import { MainShell } from './main-shell';

/** Route component of the pathless main layout. */
export function MainLayout() {
  return (
    <MainShell>
      <Outlet />
    </MainShell>
  );
}

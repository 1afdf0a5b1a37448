import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home/components/home-screen';
import { mainLayoutRoute } from './main-layout';

export const homeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/',
  component: HomePage,
});

function HomePage() {
  return <HomeScreen />;
}

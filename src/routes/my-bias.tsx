import { createRoute } from '@tanstack/react-router';
import { MyBiasScreen } from '../features/accounts/components/my-bias-screen';
import { mainLayoutRoute } from './main-layout';

export const myBiasRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/myBias',
  component: MyBiasPage,
});

function MyBiasPage() {
  return <MyBiasScreen />;
}

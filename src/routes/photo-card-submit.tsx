import { createRoute } from '@tanstack/react-router';
import { PhotoCardSubmitScreen } from '../features/reports/components/photo-card-submit-screen';
import { mainLayoutRoute } from './main-layout';

export const photoCardSubmitRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/informUs/photoCardSubmit',
  component: PhotoCardSubmitPage,
});

function PhotoCardSubmitPage() {
  return <PhotoCardSubmitScreen />;
}

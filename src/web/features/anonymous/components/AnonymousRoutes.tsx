import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { i18n } from '../../../lib/i18n';
import { AnonymousReportPage } from './AnonymousReportPage';
import { FollowReportPage } from './FollowReportPage';

/* Any other /ragging/… is the app's own 404 page, from the chunk the catch-all route loads too. */
const NotFoundPage = lazy(async () => ({ default: (await import('../../../components/NotFoundPage')).NotFoundPage }));

/**
 * /ragging/anonymous and /ragging/follow, as one route and one lazy chunk: the router's entry (part
 * of the first download) carries one route for both pages instead of two.
 */
export function AnonymousRoutes() {
  const { page } = useParams();
  if (page === 'anonymous') return <AnonymousReportPage />;
  if (page === 'follow') return <FollowReportPage />;
  return (
    <Suspense fallback={<LoadingStatus label={i18n._('Loading page…')} />}>
      <NotFoundPage />
    </Suspense>
  );
}

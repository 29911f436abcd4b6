import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RootLayout } from './layout';
import { PageError, PageLoading, RootError } from './RouteStatus';

/**
 * Every page is its own chunk (react-router `lazy`), so the first download is only the frame.
 * `HydrateFallback` shows a role="status" indicator inside <main> while the first page loads;
 * later navigations show NavigationProgress.
 *
 * /complaints, /services and /aboutus are linked from the navigation but not built yet: they
 * fall through to the 404 page until their routes are added here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: PageError,
        children: [
          {
            index: true,
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }),
          },
          {
            path: 'userInfo',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/auth/components/UserInfoPage')).UserInfoPage,
            }),
          },
          {
            path: '*',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/misc/NotFoundPage')).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

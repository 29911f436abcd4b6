import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { CATEGORIES } from '../../shared/catalog';
import { RootLayout } from './layout';
import { PageError, PageLoading, RootError } from './RouteStatus';

/**
 * Every page is its own chunk (react-router `lazy`), so the first download is only the frame.
 * `HydrateFallback` shows a role="status" indicator inside <main> while the first page loads;
 * later navigations show NavigationProgress.
 *
 * The six complaint forms share one chunk; each has its own fixed path, so any other
 * /complaints/xyz falls through to the 404 page.
 */
const complaintFormRoutes: RouteObject[] = CATEGORIES.map((category) => ({
  path: `complaints/${category.route}`,
  caseSensitive: true,
  HydrateFallback: PageLoading,
  lazy: async () => {
    const { ComplaintFormPage } = await import('../features/complaints/components/ComplaintFormPage');
    return { element: <ComplaintFormPage key={category.key} categoryKey={category.key} /> };
  },
}));

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
            path: 'complaints',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/complaints/components/ComplaintCategoriesPage'))
                .ComplaintCategoriesPage,
            }),
          },
          ...complaintFormRoutes,
          {
            path: 'services',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/services/components/AssistancePage')).AssistancePage,
            }),
          },
          {
            path: 'aboutus',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/about/components/AboutPage')).AboutPage }),
          },
          {
            path: 'my',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/complaints/components/MyComplaintsPage')).MyComplaintsPage,
            }),
          },
          {
            path: 'my/:number',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/complaints/components/ComplaintDetailPage')).ComplaintDetailPage,
            }),
          },
          {
            path: 'staff',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/staff/components/StaffQueuePage')).StaffQueuePage,
            }),
          },
          {
            path: 'staff/complaints/:number',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/staff/components/StaffComplaintPage')).StaffComplaintPage,
            }),
          },
          {
            path: 'admin/people',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/admin/components/PeoplePage')).PeoplePage,
            }),
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

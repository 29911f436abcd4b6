import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { useChooseLocale } from '../features/settings/api/locale';
import { RootLayout } from './layout';
import { PageError, PageLoading, RootError } from './RouteStatus';

/**
 * Every page is its own chunk (react-router `lazy`), so the first download is only the frame.
 * `HydrateFallback` shows a role="status" indicator inside <main> while the first page loads;
 * later navigations show NavigationProgress.
 *
 * The complaint forms share one chunk and one route: the page looks its category up in the
 * catalogue by the path segment (/complaints/wifiComplaint, …, and any category an admin adds)
 * and shows the 404 page for a segment that names none. The admin console is one lazy chunk
 * with its own nested routes.
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
            path: 'complaints',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/complaints/components/ComplaintCategoriesPage'))
                .ComplaintCategoriesPage,
            }),
          },
          {
            path: 'complaints/:formRoute',
            caseSensitive: true,
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/complaints/components/ComplaintFormPage')).ComplaintFormRoute,
            }),
          },
          {
            path: 'services',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/services/components/AssistancePage')).AssistancePage,
            }),
          },
          {
            path: 'cleaning',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/cleaning/components/CleaningPage')).CleaningPage }),
          },
          {
            path: 'staff/cleaning',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/cleaning/components/StaffCleaningPage')).StaffCleaningPage }),
          },
          {
            path: 'aboutus',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/about/components/AboutPage')).AboutPage }),
          },
          {
            // Anonymous ragging reports (decision 41): /ragging/anonymous and /ragging/follow, one chunk.
            path: 'ragging/:page',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/anonymous/components/AnonymousRoutes')).AnonymousRoutes }),
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
              Component: (await import('./complaint-route')).ComplaintRoute,
            }),
          },
          {
            path: 'grievances',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/StudentPages')).MyGrievancesPage }),
          },
          {
            path: 'grievances/new',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/StudentPages')).NewGrievancePage }),
          },
          {
            path: 'grievances/:number',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/StudentPages')).GrievancePage }),
          },
          {
            // The Student Grievance Redressal Committee's console (issue 44), for its members.
            path: 'committee',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/CommitteePages')).CommitteeListPage }),
          },
          {
            path: 'committee/grievances/:number',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/CommitteePages')).CommitteeGrievancePage }),
          },
          {
            // The Ombudsperson's appeals.
            path: 'ombudsperson',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/OmbudspersonPages')).AppealsPage }),
          },
          {
            path: 'ombudsperson/appeals/:number',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/grievances/components/OmbudspersonPages')).AppealPage }),
          },
          {
            // A room's or common area's printed label (decision 45): /p/BLOCK2/214, /p/BLOCK2/F3WASH.
            path: 'p/:hostelCode/:place',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/complaints/components/PlacePage')).PlaceRoute }),
          },
          {
            path: 'staff',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/staff/components/StaffQueuePage')).StaffQueuePage,
            }),
          },
          {
            // One place per person for how they are told; the staff console's old address shows it too.
            path: 'staff/settings',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('./notification-settings-route')).StaffNotificationSettingsRoute,
            }),
          },
          {
            path: 'settings/notifications',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('./notification-settings-route')).NotificationSettingsRoute,
            }),
          },
          {
            path: 'staff/notices',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/staff/components/incidents/NoticesPage')).NoticesPage,
            }),
          },
          {
            path: 'staff/anti-ragging',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/ragging-reports/components/RaggingReportsPage')).RaggingReportsPage,
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
            path: 'staff/places/:hostelCode/:place',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/staff/components/places/StaffPlacePage')).StaffPlacePage,
            }),
          },
          {
            path: 'insights',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/insights/components/InsightsPage')).InsightsPage,
            }),
          },
          {
            path: 'admin/*',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('./admin-route')).AdminRoute,
            }),
          },
          {
            path: 'userInfo',
            HydrateFallback: PageLoading,
            lazy: async () => {
              // The account page with the language choice composed in (a feature does not import another).
              const [{ UserInfoPage }, { LanguageChoice }] = await Promise.all([
                import('../features/auth/components/UserInfoPage'),
                import('../features/settings/components/LanguageChoice'),
              ]);
              return {
                Component: function UserInfoRoute() {
                  const choose = useChooseLocale();
                  return <UserInfoPage languageChoice={<LanguageChoice choose={choose} />} />;
                },
              };
            },
          },
          {
            path: '*',
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../components/NotFoundPage')).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

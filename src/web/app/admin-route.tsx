import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { AdminConsole, type AdminSection } from '../features/admin/components/AdminConsole';
import { LoadingStatus } from '../components/ui/LoadingStatus';
import { i18n } from '../lib/i18n';

// The grievance ladder's admin pages belong to its feature, and load when opened.
const CommitteeSetupPage = lazy(async () => ({ default: (await import('../features/grievances/components/CommitteeSetupPage')).CommitteeSetupPage }));
const GrievanceReportPage = lazy(async () => ({ default: (await import('../features/grievances/components/GrievanceReportPage')).GrievanceReportPage }));

const later = (page: ReactNode) => <Suspense fallback={<LoadingStatus />}>{page}</Suspense>;

const grievanceSections: AdminSection[] = [
  { path: 'grievance-committee', label: () => i18n._('Grievance committee'), element: later(<CommitteeSetupPage />) },
  { path: 'grievance-report', label: () => i18n._('Grievance report'), element: later(<GrievanceReportPage />) },
];

/** /admin/*: the admin console with the sections of other features composed in. */
export function AdminRoute() {
  return <AdminConsole extraSections={grievanceSections} />;
}

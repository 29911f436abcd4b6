import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import type { ReactNode } from 'react';
import { Link, NavLink, Navigate, Route, Routes } from 'react-router';
import { SignInFirst, SignedInGate } from '../../../components/SignedInGate';
import { buttonPrimary, card, textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { UnsavedChangesProvider } from '../lib/unsaved-changes';
import { AuditPage } from './AuditPage';
import { CalendarPage } from './calendar/CalendarPage';
import { CategoriesPage } from './categories/CategoriesPage';
import { CleaningSlotsPage } from './cleaning/CleaningSlotsPage';
import { HostelsPage } from './hostels/HostelsPage';
import { MailMessagePage, MailPage } from './MailPage';
import { PeoplePage } from './people/PeoplePage';
import { RoutingPage } from './routing/RoutingPage';
import { ServicesPage } from './services/ServicesPage';
import { UniversityPage } from './university/UniversityPage';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { can } from '../../../../shared/permissions';

/** The console's sections, translated when shown. */
const sections = () =>
  [
    { path: 'university', label: i18n._('University') },
    { path: 'hostels', label: i18n._('Hostels') },
    { path: 'categories', label: i18n._('Categories') },
    { path: 'services', label: i18n._('Services') },
    { path: 'cleaning', label: i18n._('Weekly cleaning') },
    { path: 'calendar', label: i18n._('Working calendar') },
    { path: 'routing', label: i18n._('Routing') },
    { path: 'people', label: i18n._('People') },
    { path: 'mail', label: i18n._('Mail') },
    { path: 'audit', label: i18n._('Audit log') },
  ] as const;

/** A section another feature brings (composed in by the app's router): its path under /admin, its name, its page. */
export interface AdminSection {
  path: string;
  label: () => string;
  element: ReactNode;
}

/**
 * The sections: a row that scrolls sideways on phones (every section one tap away without a
 * second menu), a list beside the page from the `lg` breakpoint.
 */
function SectionNav({ extra }: { extra: readonly AdminSection[] }) {
  return (
    <nav aria-label={i18n._('Admin sections')} className="-mx-4 mb-6 border-b border-slate-200 px-4 sm:mx-0 sm:px-0 lg:mb-0 lg:border-0">
      <p className="mb-2 hidden text-xs font-semibold tracking-wide text-slate-600 uppercase lg:block">{i18n._('Admin console')}</p>
      <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {[...sections(), ...extra.map((section) => ({ path: section.path, label: section.label() }))].map((section) => (
          <li key={section.path} className="shrink-0">
            <NavLink
              to={`/admin/${section.path}`}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'bg-brand-50 text-brand-800 underline decoration-2 underline-offset-4'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
        <li className="shrink-0">
          <Link to="/staff/anti-ragging" className="flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900">
            {i18n._('Anti-ragging reports')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function NotAdmin() {
  return (
    <div className={cn(card, 'mt-6')} data-testid="not-admin">
      <h1 className="text-lg font-semibold text-slate-900">{i18n._('This page is for administrators')}</h1>
      <p className="mt-2 text-slate-700">{i18n._('Only administrators can change the university, its hostels, categories and people.')}</p>
      <Link to="/" className={cn(buttonPrimary, 'mt-4')}>
        {i18n._('Go to the start page')}
      </Link>
    </div>
  );
}

function AdminGate({ children }: { children: ReactNode }) {
  return (
    <SignedInGate signedOut={<SignInFirst heading={<h1 className="text-lg font-semibold text-slate-900">{i18n._('Admin console')}</h1>} />}>
      {(user) => (can(user.role, 'admin.console') ? children : <NotAdmin />)}
    </SignedInGate>
  );
}

function UnknownSection() {
  return (
    <div className={card} data-testid="admin-not-found">
      <DocumentTitle>{i18n._('Not found · Admin · Hostel Complaint Portal')}</DocumentTitle>
      <h1 className="text-xl font-semibold text-slate-900">{i18n._('There is no such admin page')}</h1>
      <p className="mt-2 text-slate-700">
        <WithSlots
          text={i18n._('Choose a section from the list, or go to the {profile}.', { profile: slot('profile') })}
          slots={{
            profile: (
              <Link to="/admin/university" className={textLink}>
                {i18n._('university profile')}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

/** Route /admin/*: the admin console, one lazy chunk with its own routes. */
export function AdminConsole({ extraSections = [] }: { extraSections?: readonly AdminSection[] } = {}) {
  return (
    <AdminGate>
      <div className="lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-8">
        <SectionNav extra={extraSections} />
        <div className="min-w-0">
          <UnsavedChangesProvider>
          <Routes>
            <Route index element={<Navigate to="university" replace />} />
            <Route path="university" element={<UniversityPage />} />
            <Route path="hostels" element={<HostelsPage />} />
            <Route path="categories" element={<CategoriesPage />} />
            <Route path="services" element={<ServicesPage />} />
            <Route path="cleaning" element={<CleaningSlotsPage />} />
            <Route path="calendar" element={<CalendarPage />} />
            <Route path="routing" element={<RoutingPage />} />
            <Route path="people" element={<PeoplePage />} />
            <Route path="mail" element={<MailPage />} />
            <Route path="mail/:id" element={<MailMessagePage />} />
            <Route path="audit" element={<AuditPage />} />
            {extraSections.map((section) => (
              <Route key={section.path} path={section.path} element={section.element} />
            ))}
            <Route path="*" element={<UnknownSection />} />
          </Routes>
          </UnsavedChangesProvider>
        </div>
      </div>
    </AdminGate>
  );
}

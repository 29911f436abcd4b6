import { Suspense, lazy, useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { categoryRoute, localName } from '../../shared/catalog';
import { RAGGING_CATEGORY } from '../../shared/constants';
import { pageContainer, widePageContainer } from '../components/ui/styles';
import { useCatalog } from '../lib/catalog';
import { AccountNavItem } from '../features/auth/components/AccountNavItem';
import { SignInErrorAlert } from '../features/auth/components/SignInErrorAlert';
import { i18n, useLocale } from '../lib/i18n';
import { useMe } from '../lib/me';
import { LocaleSwitch } from '../features/settings/components/LocaleSwitch';
import { MainNav } from './MainNav';
import { NavigationProgress } from './RouteStatus';

const YEAR = new Date().getFullYear();

/** The bell is only for signed-in users, so its code loads only for them. */
const NotificationBell = lazy(() => import('../features/notifications/components/NotificationBell'));

function NotificationSlot() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-11 shrink-0" />}>
      <NotificationBell />
    </Suspense>
  );
}

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

function BrandLink() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg py-1 font-bold text-brand-900">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0">
        <rect width="32" height="32" rx="7" fill="#1e3a8a" />
        <path d="M6 15 16 7l10 8v10a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z" fill="#fff" />
        <rect x="13" y="17" width="6" height="9" rx="1" fill="#1e3a8a" />
        <circle cx="24" cy="9" r="4" fill="#f59e0b" />
      </svg>
      {/* Visually hidden on the narrowest phones, always part of the link's name. */}
      <span className="sr-only leading-tight min-[420px]:not-sr-only">{i18n._('Hostel Complaint Portal')}</span>
    </Link>
  );
}

/** Moves keyboard and screen-reader focus to the new page after a client-side navigation. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The ragging form, on every page (it cannot be retired: decision 40). */
const RAGGING_FORM = `/complaints/${categoryRoute(RAGGING_CATEGORY)}`;

/**
 * The helpline and the nodal officer come with /api/catalog, after the first paint (the
 * prerendered catalogue carries no contacts), so the line's code comes then too.
 */
const RaggingContactsLine = lazy(() => import('./RaggingContactsLine'));

/**
 * The university's name and the anti-ragging contacts come from the catalogue (an administrator
 * may change them). Importing lib/catalog here also matters: it decides at start-up whether the
 * page arrived prerendered, before React has put anything into #root.
 */
function Footer() {
  const university = useCatalog().data?.university;
  const locale = useLocale();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className={`${pageContainer} space-y-2 py-6 text-sm text-slate-600`}>
        {university?.raggingContacts && (
          <Suspense fallback={null}>
            <RaggingContactsLine contacts={university.raggingContacts} form={RAGGING_FORM} />
          </Suspense>
        )}
        <p>
          © {YEAR} {i18n._('Hostel Complaint Portal')}
          {university ? ` · ${localName(locale, university, 'name')}` : ''}
        </p>
      </div>
    </footer>
  );
}

/** Pages that lay out a table across a desk: they get the header's width instead of the reading width. */
const WIDE_PAGES = new Set(['/staff']);

/** The frame around every page: skip link, header with navigation, main content, footer. */
export function RootLayout() {
  useFocusMainOnNavigation();
  const wide = WIDE_PAGES.has(useLocation().pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={focusMain}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {i18n._('Skip to main content')}
      </a>
      <NavigationProgress />

      <header className="relative border-b border-slate-200 bg-white">
        {/* Above the header's row on every page, phone and desk alike: never behind the menu. */}
        <p className="bg-purple-50 py-2 text-center text-sm">
          <Link to={RAGGING_FORM} className="font-semibold text-purple-950 underline underline-offset-2">
            {i18n._('Report ragging')}
          </Link>
        </p>
        {/* Wider than the pages below it, so that an administrator's seven links, the bell and the
            account chip share one row at 1280 px and up (see MainNav). */}
        <div className="mx-auto flex min-h-16 w-full max-w-7xl items-center gap-2 px-4 py-2 sm:gap-3 sm:px-6">
          <BrandLink />
          <MainNav />
          <LocaleSwitch />
          <NotificationSlot />
          <div className="flex min-w-0 items-center" data-testid="account-slot">
            <AccountNavItem />
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1} className={`${wide ? widePageContainer : pageContainer} flex-1 py-8 sm:py-12`}>
        <SignInErrorAlert />
        <Outlet />
      </main>

      <Footer />
      <ScrollRestoration />
    </div>
  );
}

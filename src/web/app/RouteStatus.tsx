import { isRouteErrorResponse, Link, useNavigation, useRouteError } from 'react-router';
import { LoadingStatus } from '../components/ui/LoadingStatus';
import { Button } from '../components/ui/Button';
import { buttonPrimary, buttonSecondary } from '../components/ui/styles';
import { i18n } from '../lib/i18n';
import { DocumentTitle } from '../components/DocumentTitle';

/** Shown in <main> while a lazily loaded page arrives on first load. */
export function PageLoading() {
  return <LoadingStatus label={i18n._('Loading page…')} />;
}

/** A thin bar (and a status message) while a navigation loads the next page's code. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50">
      <div aria-hidden="true" className="h-1 w-full animate-pulse bg-brand-600" />
      <span className="sr-only">{i18n._('Loading page…')}</span>
    </div>
  );
}

function describe(error: unknown): { title: string; detail: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: i18n._('Page not found'), detail: i18n._('The page you are looking for does not exist or has moved.') };
  }
  if (error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)) {
    return {
      title: i18n._('This page could not be loaded'),
      detail: i18n._('The portal may have been updated, or your connection dropped. Reload the page to try again.'),
    };
  }
  return { title: i18n._('Something went wrong'), detail: i18n._('An unexpected error stopped this page. Reload the page to try again.') };
}

/** Error boundary for pages: the header and footer stay usable. */
export function PageError() {
  const error = useRouteError();
  const { title, detail } = describe(error);
  return (
    <section aria-labelledby="page-error-heading" className="mx-auto max-w-xl" role="alert">
      <h1 id="page-error-heading" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-3 text-slate-700">{detail}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button variant="primary" onClick={() => window.location.reload()}>
          {i18n._('Reload page')}
        </Button>
        <Link to="/" className={buttonSecondary}>
          {i18n._('Go to the start page')}
        </Link>
      </div>
    </section>
  );
}

/** Last-resort error boundary, used when the layout itself fails. */
export function RootError() {
  const error = useRouteError();
  const { title, detail } = describe(error);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <DocumentTitle>{i18n._('{title} · Hostel Complaint Portal', { title })}</DocumentTitle>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{detail}</p>
      <a href="/" className={`${buttonPrimary} mt-6`}>
        {i18n._('Go to the start page')}
      </a>
    </main>
  );
}

import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { RAGGING_CATEGORY } from '../../../shared/constants';
import { CatalogGate } from '../../components/CatalogGate';
import { CategoryIcon } from '../../components/CategoryIcon';
import { LoadingStatus } from '../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles';
import { useCatalog } from '../../lib/catalog';
import { useMe } from '../../lib/me';
import { i18n, useLocale } from '../../lib/i18n';
import { localName } from '../../../shared/catalog';
import { DocumentTitle } from '../../components/DocumentTitle';

// Only signed-in students see it, so its code (and the complaint schemas) load only for them.
const OpenComplaints = lazy(async () => ({ default: (await import('./components/OpenComplaints')).OpenComplaints }));
// Notices where the student lives: their own chunk too, for students only.
const Notices = lazy(async () => ({ default: (await import('./components/Notices')).Notices }));

const steps = [
  () => i18n._('Press Sign In and use your university e-mail account.'),
  () => i18n._('Pick a category and tell us your hostel, floor, room number and what is wrong.'),
  () => i18n._('Submit: your complaint goes straight to the team that fixes it.'),
] as const;

/**
 * Ragging is a card of its own, never one of the categories (decision 40): calm purple rather than
 * alarm red, its words from the catalogue, and the way to report without a name beside it.
 */
function RaggingCard() {
  const ragging = useCatalog().data?.categories.find((c) => c.key === RAGGING_CATEGORY);
  const locale = useLocale();
  if (!ragging) return null;
  return (
    <section aria-labelledby="ragging-heading" className="rounded-xl border-2 border-purple-300 bg-purple-50 p-6 text-purple-950" data-testid="ragging-card">
      <h2 id="ragging-heading" className="text-xl font-semibold">
        {localName(locale, ragging, 'cardTitle')}
      </h2>
      <p className="mt-2">{localName(locale, ragging, 'description')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to={`/complaints/${ragging.route}`} className={buttonPrimary}>
          {i18n._('Report ragging')}
        </Link>
        <Link to="/ragging/anonymous" className={buttonSecondary}>
          {i18n._('Report without my name')}
        </Link>
      </div>
    </section>
  );
}

/** Route '/': what the portal is for and where to start. */
export function HomePage() {
  const me = useMe();
  const locale = useLocale();

  return (
    <div className="space-y-12">
      <DocumentTitle>{i18n._('Hostel Complaint Portal')}</DocumentTitle>

      <section aria-labelledby="home-heading" className="max-w-3xl">
        <h1 id="home-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {i18n._('Hostel Complaint Portal')}
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          {i18n._('Something broken in your hostel? Report it here in a minute. Choose a category, describe the problem and your complaint is sent directly to the hostel team responsible for it. You can also ask for your room to be cleaned.')}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/complaints" className={buttonPrimary}>
            {i18n._('Report a problem')}
          </Link>
          <Link to="/services" className={buttonSecondary}>
            {i18n._('Request room cleaning')}
          </Link>
        </div>
      </section>

      {me.data?.role === 'student' && (
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      )}

      {me.data && (
        <Suspense fallback={<LoadingStatus label={i18n._('Loading your open complaints…')} />}>
          <OpenComplaints />
        </Suspense>
      )}

      <RaggingCard />

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-semibold text-slate-900">
          {i18n._('What you can report')}
        </h2>
        <CatalogGate loadingLabel={i18n._('Loading the categories…')}>
          {(catalog) => (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {catalog.categories.filter((c) => c.key !== RAGGING_CATEGORY).map((category) => (
                <li key={category.key} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <CategoryIcon category={category.key} />
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-semibold text-slate-900">
                      <Link to={`/complaints/${category.route}`} className="hover:underline">
                        {localName(locale, category, 'cardTitle')}
                      </Link>
                    </h3>
                    {category.description && <p className="mt-1 text-sm text-slate-700">{localName(locale, category, 'description')}</p>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CatalogGate>
        <p className="mt-4">
          <Link to="/complaints" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {i18n._('Browse all categories')}
          </Link>
        </p>
      </section>

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-xl font-semibold text-slate-900">
          {i18n._('How it works')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={index} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-slate-900"
              >
                {index + 1}
              </span>
              <p className="pt-1 text-slate-700">{step()}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

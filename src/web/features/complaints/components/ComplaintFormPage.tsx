import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router';
import { categoryByRoute } from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import type { Complaint } from '../../../../shared/complaints';
import { RAGGING_CATEGORY } from '../../../../shared/constants';
import { CatalogGate } from '../../../components/CatalogGate';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink } from '../../../components/ui/PageHeading';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { i18n, useLocale } from '../../../lib/i18n';
import { useTimedConfirmation } from '../../../lib/submission';
import { fieldId } from '../lib/complaint-check';
import { prefillName } from '../lib/place-prefill';
import { ComplaintForm, useComplaintDraft } from './ComplaintForm';
import { ComplaintFormHeading } from './ComplaintFormHeading';
import { FiledScreen } from './FiledScreen';
import { RaggingFormPage } from './RaggingFormPage';

export { emptyFloorMessage, formHeading, formTitle, localFormTitle } from '../lib/complaint-check';

/*
 * A path segment that names no category gets the app's own 404 page. It lives in src/web/components
 * (the router's catch-all route loads it the same way), and loading it lazily shares that chunk
 * instead of copying the page, or its illustration, into the form's.
 */
const NotFoundPage = lazy(async () => ({ default: (await import('../../../components/NotFoundPage')).NotFoundPage }));

/**
 * Route /complaints/:formRoute: the form of the category whose route is that segment (the seed's
 * wifiComplaint … otherComplaint, or one an administrator added); the 404 page for any other.
 */
export function ComplaintFormRoute() {
  const { formRoute = '' } = useParams();
  return (
    <CatalogGate loadingLabel={i18n._('Loading the form…')}>
      {(catalog) => {
        const category = categoryByRoute(catalog, formRoute);
        if (!category) {
          return (
            <Suspense fallback={<LoadingStatus label={i18n._('Loading page…')} />}>
              <NotFoundPage />
            </Suspense>
          );
        }
        // Ragging asks where it happened instead of the room, and offers its contacts (decision 40).
        if (category.key === RAGGING_CATEGORY) return <RaggingFormPage catalog={catalog} category={category} />;
        // Keyed, so that going from one form to another starts with that form's own draft.
        return <ComplaintFormPage key={category.key} catalog={catalog} category={category} />;
      }}
    </CatalogGate>
  );
}

interface ComplaintFormPageProps {
  catalog: PublicCatalog;
  category: CategoryInfo;
}

/**
 * One category's complaint page: its heading, the form (its draft held here, so it outlives the
 * form under the filed screen), and once filed the short "registered" card and the filed screen.
 */
export function ComplaintFormPage({ catalog, category }: ComplaintFormPageProps) {
  const locale = useLocale();
  const draft = useComplaintDraft(catalog, category);
  const confirmation = useTimedConfirmation<string>();
  const [filed, setFiled] = useState<Pick<Complaint, 'number' | 'dueAt'> | null>(null);
  const { fromLabel, place } = draft;

  return (
    <section aria-labelledby="complaint-form-heading" className="mx-auto max-w-2xl">
      <BackLink to="/complaints">{i18n._('Back to complaints')}</BackLink>
      <ComplaintFormHeading category={category} />

      {/* The seed's short card ("Your complaint is registered", about 3 s) sits by the screen that replaced the form. */}
      {filed && (
        <div className="mt-6 space-y-4">
          <ConfirmationCard
            number={confirmation.shown}
            title={i18n._('Your complaint is registered')}
            message={i18n._('Thank you for submitting your complaint.')}
          />
          <FiledScreen
            complaint={filed}
            onAnother={() => {
              confirmation.clear();
              setFiled(null);
              draft.another();
              // The form is back on the next render: the first choice left to make takes the focus.
              requestAnimationFrame(() => document.getElementById(fieldId(place ? 'subCategory' : 'hostel'))?.focus());
            }}
          />
        </div>
      )}

      {!filed && fromLabel && (
        <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-slate-900" data-testid="place-from-label">
          <WithSlots
            text={i18n._('For {place}, from the label you scanned. You can change it below.', { place: slot('place') })}
            slots={{ place: <strong className="font-semibold">{prefillName(fromLabel, catalog, locale)}</strong> }}
          />
        </p>
      )}

      {!filed && (
        <ComplaintForm
          catalog={catalog}
          category={category}
          state={draft}
          confirmation={confirmation}
          onFiled={(complaint) => {
            setFiled(complaint);
          }}
        />
      )}
    </section>
  );
}

import { Link, useParams } from 'react-router';
import type { PlacePage as Place } from '../../../../shared/places';
import { RAGGING_CATEGORY } from '../../../../shared/constants';
import { CatalogGate } from '../../../components/CatalogGate';
import { CategoryIcon } from '../../../components/CategoryIcon';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { SignInFirst, SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { card } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { i18n, useLocale } from '../../../lib/i18n';
import { localName } from '../../../../shared/catalog';
import { localAreaLabel, placeLine, useLocalNames } from '../../../lib/local-names';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { usePlacePage } from '../api/get-place';
import { placeSearch } from '../lib/place-prefill';
import { Notice, Suggestion } from './AlreadyReported';

/**
 * Route /p/:hostelCode/:place (decision 45): where a scanned label leads. A signed-out student
 * signs in first and comes back here; then the place, what is already reported open there (Me too
 * instead of filing again) and the hostel's notices for it, and the categories, each opening its
 * form with this place filled in.
 */
export function PlaceRoute() {
  const { hostelCode = '', place = '' } = useParams();
  return (
    <section aria-labelledby="place-heading" className="mx-auto max-w-2xl">
      <SignedInGate
        signedOut={
          <SignInFirst
            heading={
              <h1 id="place-heading" className="text-xl font-bold text-slate-900">
                {i18n._('Report a problem here')}
              </h1>
            }
          >
            <p className="text-slate-700">{i18n._('You scanned the label of a room or common area. Sign in with your university account to see what is already reported there, or to report something.')}</p>
          </SignInFirst>
        }
      >
        {(user) =>
          user.role === 'student' ? (
            <PlaceView hostelCode={hostelCode} place={place} />
          ) : (
            <NotFoundCard title={i18n._('For students')} to="/" linkLabel={i18n._('Go to the home page')} data-testid="place-not-student">
              {i18n._('A label leads students to report a problem in a room or common area. Staff see places in the staff console.')}
            </NotFoundCard>
          )
        }
      </SignedInGate>
    </section>
  );
}

function PlaceView({ hostelCode, place }: { hostelCode: string; place: string }) {
  const found = usePlacePage(hostelCode, place, true);
  if (found.isPending) return <LoadingStatus label={i18n._('Loading the place…')} />;
  if (found.isError) {
    if (found.error instanceof ApiError && found.error.status === 404) {
      return (
        <>
          <PageHeading id="place-heading" title={i18n._('Place not found · Hostel Complaint Portal')}>
            {i18n._('Place not found')}
          </PageHeading>
          <NotFoundCard title={i18n._('This label does not lead anywhere')} to="/complaints" linkLabel={i18n._('Report a problem from the list')} data-testid="place-not-found">
            {found.error.message}
          </NotFoundCard>
        </>
      );
    }
    return <LoadError error={found.error} onRetry={() => void found.refetch()} />;
  }
  return <PlaceDetails place={found.data} />;
}

function PlaceDetails({ place }: { place: Place }) {
  const others = place.complaints.filter((c) => !c.mine);
  const locale = useLocale();
  const names = useLocalNames();
  // Named in the reader's words, the area's Hindi name included (the server's `name` is English).
  const name = placeLine({ hostel: names.hostel(place.hostel), roomNo: place.roomNo, area: place.commonArea ? localAreaLabel(locale, place.commonArea) : null });
  return (
    <>
      <PageHeading id="place-heading" title={i18n._('{page} · Hostel Complaint Portal', { page: name })}>
        {name}
      </PageHeading>
      <p className="mt-2 text-slate-700">
        <WithSlots
          text={
            place.kind === 'area'
              ? i18n._('A common area · label {address}', { address: slot('address') })
              : i18n._('A room · label {address}', { address: slot('address') })
          }
          slots={{ address: <span className="font-mono">{place.address}</span> }}
        />
      </p>

      {place.notices.length > 0 && (
        <ul className="mt-6 space-y-2" aria-label={i18n._('Known problems the team is working on')}>
          {place.notices.map((notice) => (
            <Notice key={notice.id} notice={notice} />
          ))}
        </ul>
      )}

      <section aria-labelledby="place-open-heading" className={cn(card, 'mt-6')} data-testid="place-open">
        <h2 id="place-open-heading" className="text-lg font-semibold text-slate-900">
          {i18n._('Already reported here')}
        </h2>
        {place.complaints.length === 0 ? (
          <p className="mt-2 text-slate-700">{i18n._('Nothing is reported open here.')}</p>
        ) : (
          <>
            {others.length > 0 && (
              <p className="mt-2 text-slate-800">
                <WithSlots
                  text={i18n._('If one of them is your problem, say {metoo}: you hear of its progress and the team sees how many it affects.', { metoo: slot('metoo') })}
                  slots={{ metoo: <strong>{i18n._('Me too')}</strong> }}
                />
              </p>
            )}
            <ul className="mt-3 space-y-2" aria-label={i18n._('Open complaints of {place}', { place: name })}>
              {place.complaints.map((complaint) => (
                <Suggestion key={complaint.number} complaint={complaint} />
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="place-report-heading" className="mt-8">
        <h2 id="place-report-heading" className="text-lg font-semibold text-slate-900">
          {i18n._('Report something else here')}
        </h2>
        <CatalogGate loadingLabel={i18n._('Loading the categories…')}>
          {(catalog) => (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {/* A ragging report says where it happened in its own form (decision 40). */}
              {catalog.categories
                .filter((category) => category.key !== RAGGING_CATEGORY)
                .map((category) => (
                  <li key={category.key}>
                    <Link
                      to={`/complaints/${category.route}?${placeSearch(place)}`}
                      className="group flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500 hover:bg-brand-50"
                    >
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-white">
                        <CategoryIcon category={category.key} className="size-6" />
                      </span>
                      <span className="font-semibold text-slate-900 group-hover:underline">{localName(locale, category, 'cardTitle')}</span>
                    </Link>
                  </li>
                ))}
            </ul>
          )}
        </CatalogGate>
      </section>
    </>
  );
}

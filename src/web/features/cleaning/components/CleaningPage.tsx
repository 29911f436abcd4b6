import { Link } from 'react-router';
import { isWorkerRole } from '../../../../shared/permissions';
import { CatalogGate } from '../../../components/CatalogGate';
import { SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { card, textLink } from '../../../components/ui/styles';
import { i18n } from '../../../lib/i18n';
import { useBookings } from '../api/get-bookings';
import { BookingCard } from './BookingCard';
import { BookingForm } from './BookingForm';

function StudentCleaning() {
  const bookings = useBookings();
  // Only what is in force or was just cancelled (Undo) is listed; an old cancellation says nothing.
  const shown = bookings.data?.items.filter((b) => !b.cancelled || b.undoUntil !== null) ?? [];
  return (
    <>
      <section aria-labelledby="bookings-heading" className="mt-6">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          {i18n._('Your bookings')}
        </h2>
        {bookings.isPending ? (
          <LoadingStatus label={i18n._('Loading your bookings…')} />
        ) : bookings.isError ? (
          <LoadError error={bookings.error} onRetry={() => void bookings.refetch()} />
        ) : shown.length === 0 ? (
          <p className="mt-2 text-slate-700">{i18n._('You have no weekly cleaning booked.')}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {shown.map((b) => (
              <BookingCard key={b.id} booking={b} />
            ))}
          </ul>
        )}
      </section>
      <CatalogGate loadingLabel={i18n._('Loading the hostels…')}>{(catalog) => <BookingForm catalog={catalog} />}</CatalogGate>
    </>
  );
}

/** Route /cleaning: the student's weekly cleaning, and booking it. */
export function CleaningPage() {
  return (
    <section aria-labelledby="cleaning-heading" className="mx-auto max-w-2xl">
      <BackLink to="/services">{i18n._('Back to Assistance')}</BackLink>
      <PageHeading id="cleaning-heading" title={i18n._('Weekly cleaning · Hostel Complaint Portal')}>
        {i18n._('Weekly cleaning')}
      </PageHeading>
      <p className="mt-3 text-slate-700">
        {i18n._('Have your room cleaned at the same time every week, and hear from housekeeping when a visit could not be done.')}
      </p>
      <SignedInGate>
        {(user) =>
          user.role === 'student' ? (
            <StudentCleaning />
          ) : (
            <div className={`${card} mt-6`}>
              <p className="text-slate-800">{i18n._('Students book weekly cleaning for their rooms.')}</p>
              {isWorkerRole(user.role) && (
                <p className="mt-2">
                  <Link to="/staff/cleaning" className={textLink}>
                    {i18n._('Open the day’s cleaning list')}
                  </Link>
                </p>
              )}
            </div>
          )
        }
      </SignedInGate>
    </section>
  );
}

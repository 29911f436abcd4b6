import { Link } from 'react-router';
import { isWorkerRole } from '../../../../shared/constants';
import { CatalogGate } from '../../../components/CatalogGate';
import { SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { card, textLink } from '../../../components/ui/styles';
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
          Your bookings
        </h2>
        {bookings.isPending ? (
          <LoadingStatus label="Loading your bookings…" />
        ) : bookings.isError ? (
          <LoadError error={bookings.error} onRetry={() => void bookings.refetch()} />
        ) : shown.length === 0 ? (
          <p className="mt-2 text-slate-700">You have no weekly cleaning booked.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {shown.map((b) => (
              <BookingCard key={b.id} booking={b} />
            ))}
          </ul>
        )}
      </section>
      <CatalogGate loadingLabel="Loading the hostels…">{(catalog) => <BookingForm catalog={catalog} />}</CatalogGate>
    </>
  );
}

/** Route /cleaning: the student's weekly cleaning, and booking it. */
export function CleaningPage() {
  return (
    <section aria-labelledby="cleaning-heading" className="mx-auto max-w-2xl">
      <BackLink to="/services">Back to Assistance</BackLink>
      <PageHeading id="cleaning-heading" title="Weekly cleaning · Hostel Complaint Portal">
        Weekly cleaning
      </PageHeading>
      <p className="mt-3 text-slate-700">Have your room cleaned at the same time every week, and hear from housekeeping when a visit could not be done.</p>
      <SignedInGate>
        {(user) =>
          user.role === 'student' ? (
            <StudentCleaning />
          ) : (
            <div className={`${card} mt-6`}>
              <p className="text-slate-800">Students book weekly cleaning for their rooms.</p>
              {isWorkerRole(user.role) && (
                <p className="mt-2">
                  <Link to="/staff/cleaning" className={textLink}>
                    Open the day’s cleaning list
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

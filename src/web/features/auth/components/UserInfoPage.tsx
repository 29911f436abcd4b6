import { Link } from 'react-router';
import { CatalogGate } from '../../../components/CatalogGate';
import { SignedInGate } from '../../../components/SignedInGate';
import { Alert } from '../../../components/ui/Alert';
import { PageHeading } from '../../../components/ui/PageHeading';
import { buttonPrimary, card, textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { usePlaceQuery } from '../../../lib/place';
import { useLogout } from '../api/logout';
import { PlaceForm } from './PlaceForm';

/** The remembered place, once it is known (the form starts from it). */
function YourRoom() {
  const place = usePlaceQuery();
  if (place.isPending) return null;
  return <CatalogGate loadingLabel="Loading your room…">{(catalog) => <PlaceForm catalog={catalog} place={place.data ?? null} />}</CatalogGate>;
}

/** Route /userInfo: who is signed in, their room (filled into the forms), and the Sign Out button. */
export function UserInfoPage() {
  const logout = useLogout();

  return (
    <section aria-labelledby="user-info-heading" className="mx-auto max-w-xl">
      <PageHeading id="user-info-heading" title="Your account · Hostel Complaint Portal">
        Your account
      </PageHeading>
      <SignedInGate>
        {(user) => (
          <div className={cn(card, 'mt-6')}>
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]" data-testid="user-info">
              <dt className="text-sm font-medium text-slate-600">Name</dt>
              <dd className="-mt-3 text-base font-semibold text-slate-900 sm:mt-0">{user.name}</dd>
              <dt className="text-sm font-medium text-slate-600">Id</dt>
              <dd className="-mt-3 font-mono text-base text-slate-900 sm:mt-0">{user.regId || 'Not available'}</dd>
              <dt className="text-sm font-medium text-slate-600">E-mail</dt>
              <dd className="-mt-3 text-base wrap-anywhere text-slate-900 sm:mt-0">{user.email}</dd>
            </dl>

            {user.role === 'student' && <YourRoom />}

            <p className="mt-6">
              <Link to="/settings/notifications" className={textLink}>
                Notifications: push, e-mail and the bell
              </Link>
            </p>

            {logout.isError && (
              <Alert className="mt-6">
                <p>{errorMessage(logout.error)}</p>
              </Alert>
            )}

            <button
              type="button"
              className={cn(buttonPrimary, 'mt-6 w-full sm:w-auto')}
              disabled={logout.isPending}
              aria-busy={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Sign Out
            </button>
          </div>
        )}
      </SignedInGate>
    </section>
  );
}

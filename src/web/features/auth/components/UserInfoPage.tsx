import { Link } from 'react-router';
import { SignedInGate } from '../../../components/SignedInGate';
import { Alert } from '../../../components/ui/Alert';
import { PageHeading } from '../../../components/ui/PageHeading';
import { buttonPrimary, card, textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useLogout } from '../api/logout';

/** Route /userInfo: who is signed in, and the Sign Out button. */
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

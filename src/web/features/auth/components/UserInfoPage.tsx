import { seedTexts } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useLogout } from '../api/logout';
import { SignInButton } from '../../../components/SignInButton';

const PAGE_TITLE = 'Your account · Hostel Complaint Portal';

/** Route /userInfo: who is signed in, and the Sign Out button. */
export function UserInfoPage() {
  const me = useMe();
  const logout = useLogout();

  return (
    <section aria-labelledby="user-info-heading" className="mx-auto max-w-xl">
      <title>{PAGE_TITLE}</title>
      <h1 id="user-info-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Your account
      </h1>

      {me.isPending ? (
        <LoadingStatus label="Loading your details…" />
      ) : me.isError ? (
        <div className="mt-6 space-y-4">
          <Alert>
            <p>{errorMessage(me.error)}</p>
          </Alert>
          <button type="button" className={buttonSecondary} onClick={() => void me.refetch()}>
            Try again
          </button>
        </div>
      ) : me.data === null ? (
        <div className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <p className="text-slate-800">{seedTexts.signInFirst}</p>
          <SignInButton />
        </div>
      ) : (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]" data-testid="user-info">
            <dt className="text-sm font-medium text-slate-600">Name</dt>
            <dd className="-mt-3 text-base font-semibold text-slate-900 sm:mt-0">{me.data.name}</dd>
            <dt className="text-sm font-medium text-slate-600">Id</dt>
            <dd className="-mt-3 font-mono text-base text-slate-900 sm:mt-0">{me.data.regId || 'Not available'}</dd>
            <dt className="text-sm font-medium text-slate-600">E-mail</dt>
            <dd className="-mt-3 text-base text-slate-900 sm:mt-0">{me.data.email}</dd>
          </dl>

          {logout.isError && (
            <Alert className="mt-6">
              <p>{errorMessage(logout.error)}</p>
            </Alert>
          )}

          <button
            type="button"
            className={`${buttonPrimary} mt-6 w-full sm:w-auto`}
            disabled={logout.isPending}
            aria-busy={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Sign Out
          </button>
        </div>
      )}
    </section>
  );
}

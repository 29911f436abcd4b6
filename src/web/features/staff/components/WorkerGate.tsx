import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/auth';
import { isWorkerRole, seedTexts } from '../../../../shared/constants';
import { SignInButton } from '../../../components/SignInButton';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';

export function SignInFirst() {
  return (
    <div className={`${card} mt-6 space-y-4`} data-testid="sign-in-first">
      <p className="text-slate-800">{seedTexts.signInFirst}</p>
      <p className="text-slate-700">The staff console is for hostel staff, wardens and administrators.</p>
      <SignInButton />
    </div>
  );
}

/** Shown to signed-in users who do not work complaints (403). */
export function NotForStudents({ message }: { message?: string }) {
  return (
    <div className={`${card} mt-6`} data-testid="not-staff">
      <h2 className="text-lg font-semibold text-slate-900">This page is for hostel staff</h2>
      <p className="mt-2 text-slate-700">
        {message ??
          'The staff console is only for hostel staff, wardens and administrators. Your account is a student account.'}
      </p>
      <p className="mt-2 text-slate-700">If you work for the hostel, ask an administrator to give your account a staff role.</p>
      <Link to="/my" className={`${buttonPrimary} mt-4`}>
        Go to My complaints
      </Link>
    </div>
  );
}

/** The explanation for a failed staff request: sign in (401), not allowed (403), or the message. */
export function StaffRequestError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 401) return <SignInFirst />;
  if (error instanceof ApiError && error.status === 403) return <NotForStudents message={error.message} />;
  return (
    <div className="mt-6 space-y-4">
      <Alert>
        <p>{errorMessage(error)}</p>
      </Alert>
      <button type="button" className={buttonSecondary} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Renders its children only for staff, wardens and admins; everyone else gets an explanation. */
export function WorkerGate({ children }: { children: (user: User) => ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingStatus label="Loading your details…" />;
  if (me.isError) return <StaffRequestError error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) return <SignInFirst />;
  if (!isWorkerRole(me.data.role)) return <NotForStudents />;
  return <>{children(me.data)}</>;
}

export function ConfidentialBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-purple-50 px-2 py-0.5 text-xs font-semibold text-purple-900 ring-1 ring-purple-200 ring-inset">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
        <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4m2 6H8V6a2 2 0 1 1 4 0z" />
      </svg>
      Confidential
    </span>
  );
}

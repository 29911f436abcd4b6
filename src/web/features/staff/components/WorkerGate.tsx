import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/auth';
import { isWorkerRole } from '../../../../shared/permissions';
import { SignInFirst, SignedInGate } from '../../../components/SignedInGate';
import { Badge } from '../../../components/ui/Badge';
import { LoadError } from '../../../components/ui/LoadError';
import { buttonPrimary, card } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';

/** The sign-in card, saying who the console is for. */
export function StaffSignInFirst() {
  return (
    <SignInFirst>
      <p className="text-slate-700">{i18n._('The staff console is for hostel staff, wardens and administrators.')}</p>
    </SignInFirst>
  );
}

/** Shown to signed-in users who do not work complaints (403). */
export function NotForStudents({ message }: { message?: string }) {
  return (
    <div className={cn(card, 'mt-6')} data-testid="not-staff">
      <h2 className="text-lg font-semibold text-slate-900">{i18n._('This page is for hostel staff')}</h2>
      <p className="mt-2 text-slate-700">
        {message ?? i18n._('The staff console is only for hostel staff, wardens and administrators. Your account is a student account.')}
      </p>
      <p className="mt-2 text-slate-700">{i18n._('If you work for the hostel, ask an administrator to give your account a staff role.')}</p>
      <Link to="/my" className={cn(buttonPrimary, 'mt-4')}>
        {i18n._('Go to My complaints')}
      </Link>
    </div>
  );
}

/** The explanation for a failed staff request: sign in (401), not allowed (403), or the message. */
export function StaffRequestError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 401) return <StaffSignInFirst />;
  if (error instanceof ApiError && error.status === 403) return <NotForStudents message={error.message} />;
  return <LoadError error={error} onRetry={onRetry} />;
}

/** Renders its children only for staff, wardens and admins; everyone else gets an explanation. */
export function WorkerGate({ children }: { children: (user: User) => ReactNode }) {
  return (
    <SignedInGate
      signedOut={<StaffSignInFirst />}
      renderError={(error, retry) => <StaffRequestError error={error} onRetry={retry} />}
    >
      {(user) => (isWorkerRole(user.role) ? children(user) : <NotForStudents />)}
    </SignedInGate>
  );
}

export function ConfidentialBadge() {
  return (
    <Badge tone="purple" className="gap-1">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
        <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4m2 6H8V6a2 2 0 1 1 4 0z" />
      </svg>
      {i18n._('Confidential')}
    </Badge>
  );
}

import type { ReactNode } from 'react';
import type { User } from '../../shared/auth';
import { seedTexts } from '../../shared/constants';
import { cn } from '../lib/cn';
import { i18n } from '../lib/i18n';
import { useMe } from '../lib/me';
import { SignInButton } from './SignInButton';
import { LoadError } from './ui/LoadError';
import { LoadingStatus } from './ui/LoadingStatus';
import { card } from './ui/styles';

interface SignInFirstProps {
  /** Above the seed's "Please Sign In first" (e.g. the console's own heading). */
  heading?: ReactNode;
  /** Below it: who the page is for. */
  children?: ReactNode;
  className?: string;
}

/** The card for a page that needs a signed-in user: the seed's words and the Sign In button. */
export function SignInFirst({ heading, children, className }: SignInFirstProps) {
  return (
    <div className={cn(card, 'mt-6 space-y-4', className)} data-testid="sign-in-first">
      {heading}
      <p className="text-slate-800">{i18n._(seedTexts.signInFirst)}</p>
      {children}
      <SignInButton />
    </div>
  );
}

interface SignedInGateProps {
  /** The page, for the signed-in user. */
  children: (user: User) => ReactNode;
  /** What a signed-out visitor sees; the plain sign-in card unless given. */
  signedOut?: ReactNode;
  /** How a failed read of the user is shown; the message with "Try again" unless given. */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
}

/**
 * Renders its children with the signed-in user. While /api/me loads a status shows; a failed read
 * shows why, with a retry; a signed-out visitor gets the sign-in card.
 */
export function SignedInGate({ children, signedOut, renderError }: SignedInGateProps) {
  const me = useMe();
  const retry = () => void me.refetch();
  if (me.isPending) return <LoadingStatus label={i18n._('Loading your details…')} />;
  if (me.isError) return renderError ? renderError(me.error, retry) : <LoadError error={me.error} onRetry={retry} />;
  if (me.data === null) return signedOut ?? <SignInFirst />;
  return children(me.data);
}

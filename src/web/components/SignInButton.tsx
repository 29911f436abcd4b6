import { useLocation } from 'react-router';
import { i18n } from '../lib/i18n';
import { Button } from './ui/Button';
import { buttonPrimary } from './ui/styles';

export const SIGN_IN_ERROR_PARAM = 'signInError';

/** Where sign-in starts; the server sends the browser back to `returnTo` afterwards. */
export function signInUrl(returnTo: string): string {
  return `/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}

interface SignInButtonProps {
  className?: string;
}

/** Starts sign-in with a full-page navigation (the server runs the OpenID Connect flow). */
export function SignInButton({ className = buttonPrimary }: SignInButtonProps) {
  const location = useLocation();

  function handleClick() {
    const params = new URLSearchParams(location.search);
    params.delete(SIGN_IN_ERROR_PARAM);
    const search = params.toString();
    window.location.assign(signInUrl(`${location.pathname}${search ? `?${search}` : ''}`));
  }

  return (
    <Button variant="plain" className={className} onClick={handleClick}>
      {i18n._('Sign In')}
    </Button>
  );
}

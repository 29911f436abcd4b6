import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SIGN_IN_ERROR_CODES, type SignInErrorCode } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/Alert';
import { DEFAULT_SHORT_NAME, usePublicConfig } from '../../../lib/config';
import { SIGN_IN_ERROR_PARAM } from '../../../components/SignInButton';

import { i18n } from '../../../lib/i18n';

/** Shown through `i18n._`, in the reader's language. */
export const SIGN_IN_FAILED_MESSAGE = /*i18n*/ 'Sign In did not work. Please try again.';

function parseCode(raw: string | null): SignInErrorCode | null {
  if (raw === null) return null;
  return (SIGN_IN_ERROR_CODES as readonly string[]).includes(raw) ? (raw as SignInErrorCode) : 'failed';
}

/**
 * Shows why the server refused a sign-in (`?signInError=domain|failed`), then removes the
 * parameter from the address bar so a reload or a shared link does not show it again.
 */
export function SignInErrorAlert() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(SIGN_IN_ERROR_PARAM);
  const [code, setCode] = useState<SignInErrorCode | null>(() => parseCode(raw));
  const [seenRaw, setSeenRaw] = useState(raw);
  const config = usePublicConfig();

  // A new error in the URL (e.g. after a client-side navigation) replaces the one shown.
  if (raw !== seenRaw) {
    setSeenRaw(raw);
    if (raw !== null) setCode(parseCode(raw));
  }

  useEffect(() => {
    if (raw === null) return;
    void setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(SIGN_IN_ERROR_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [raw, setSearchParams]);

  if (code === null) return null;
  // Wait for the university's short name rather than announcing a wrong one.
  if (code === 'domain' && config.isPending) return null;

  const message =
    code === 'domain'
      ? // The seed's words (seedTexts.wrongDomain), as one message so Hindi orders them itself.
        i18n._('Please login with {shortName} email', { shortName: config.data?.university.shortName ?? DEFAULT_SHORT_NAME })
      : i18n._(SIGN_IN_FAILED_MESSAGE);

  function dismiss() {
    setCode(null);
    // The dismiss button disappears; keep keyboard focus somewhere sensible.
    document.getElementById('main')?.focus();
  }

  return (
    <Alert onDismiss={dismiss} className="mb-6" data-testid="sign-in-error">
      <p>{message}</p>
    </Alert>
  );
}

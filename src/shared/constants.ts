/**
 * Constants both sides need that must not pull zod into the browser's first download: the web
 * app's frame (navigation, sign-in state) imports only from here.
 */

export const CSRF_HEADER = 'x-csrf-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Texts the original portal showed, kept word for word. */
export const seedTexts = {
  signInFirst: 'Please Sign In first',
  /** `{shortName}` is the university's short name from configuration. */
  wrongDomain: (shortName: string) => `Please login with ${shortName} email`,
} as const;

/** Why a sign-in was refused; carried back to the web app as `?signInError=<code>`. */
export const SIGN_IN_ERROR_CODES = ['domain', 'failed'] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

export const STATUSES = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'closed', 'rejected', 'reopened'] as const;
export type ComplaintStatus = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<ComplaintStatus, string> = {
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
  rejected: 'Rejected',
  reopened: 'Reopened',
};

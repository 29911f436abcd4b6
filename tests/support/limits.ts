/**
 * Rate limits no test's own arranging reaches (many sign-ins, writes and photo uploads from one
 * address within a minute, grievances from one student in a day). A test about a limit sets that limit after these:
 * `{ ...RELAXED_LIMITS, RATE_LIMIT_PHOTOS_PER_HOUR: '2' }`. The anonymous-report and tracking limits
 * keep their defaults: the tests that meet them are about them.
 */
export const RELAXED_LIMITS = {
  RATE_LIMIT_SIGNIN_PER_MINUTE: '10000',
  RATE_LIMIT_WRITES_PER_MINUTE: '10000',
  RATE_LIMIT_PHOTOS_PER_HOUR: '1000',
  RATE_LIMIT_GRIEVANCES_PER_DAY: '1000',
} as const satisfies Record<string, string>;

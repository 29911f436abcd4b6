/** The query key of an opened anonymous report's thread (this feature's own: nothing else reads it). */
export const anonymousReportKey = (code: string) => ['anonymous-report', code] as const;

/** Where the anonymous report routes live; a code is always sent in its written form. */
export const reportPath = (code: string) => `/api/anonymous/ragging-reports/${encodeURIComponent(code)}`;

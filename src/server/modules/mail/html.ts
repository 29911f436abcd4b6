const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value that reaches an HTML mail goes through this. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** Header values are server-made, but a stray line break must never start a new header. */
export const oneLine = (value: string): string => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

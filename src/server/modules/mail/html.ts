import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';
import type { RenderedMail } from './templates.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value that reaches an HTML mail goes through this. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** Header values are server-made, but a stray line break must never start a new header. */
export const oneLine = (value: string): string => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The language of a mail's HTML, as its `lang` attribute says it. */
export const htmlLang = (r: Reader): string => r.locale;

/** "Hello Asha," or "Hello," when the name is not known. */
export const greeting = ({ i18n }: Reader, name: string | null | undefined): string => (name ? i18n._('Hello {name},', { name }) : i18n._('Hello,'));

/** A complaint's category and sub-category as mail names them: "Wifi: No signal". */
export const aboutText = (c: Pick<ComplaintRow, 'complaintHead' | 'subCategory'>): string => `${c.complaintHead}${c.subCategory ? `: ${c.subCategory}` : ''}`;

/** A mail of a few paragraphs and one link, in text and HTML (the lifecycle's and the ragging channel's mails). */
export function paragraphsMail(subject: string, paragraphs: string[], link: { url: string; text: string }, r: Reader = ENGLISH): RenderedMail {
  const text = `${paragraphs.join('\n\n')}\n\n${link.text}: ${link.url}\n\n${r.i18n._('Hostel Complaint Portal')}\n`;
  const html =
    `<!doctype html><html lang="${htmlLang(r)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">` +
    paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p></body></html>`;
  return { subject: oneLine(subject), text, html };
}

import type { ComplaintRow } from '../../db/schema.js';
import type { PushMessage } from '../../../shared/push.js';
import { i18nFor, type I18n } from '../../i18n/index.js';

/** A notification shows a few lines; one encrypted record holds at most 4 KB (4 bytes a character at worst). */
const MAX_BODY = 500;

function shorten(text: string): string {
  const chars = [...text];
  return chars.length <= MAX_BODY ? text : `${chars.slice(0, MAX_BODY - 1).join('')}…`;
}

/**
 * The push a reader gets for a notification: the complaint's number as the title, the bell's text
 * (already past the confidentiality guard for this reader) as the body, the page they would open,
 * and the complaint as the tag so that a newer push replaces an older one about the same complaint.
 */
export function pushMessage(
  complaint: Pick<ComplaintRow, 'number' | 'studentId'> | null,
  readerId: string,
  words: string,
  /** A student reader who did not file it follows it: their page of it is under /my too. */
  readerIsStudent = false,
  /** The reader's language, for the title of a push about no one complaint. */
  i18n: I18n = i18nFor(null),
): PushMessage {
  const text = shorten(words);
  if (!complaint) return { title: i18n._('Hostel Complaint Portal'), body: text, url: '/', tag: 'portal' };
  const url = complaint.studentId === readerId || readerIsStudent ? `/my/${complaint.number}` : `/staff/complaints/${complaint.number}`;
  return { title: complaint.number, body: text, url, tag: complaint.number };
}

/** The Topic header (RFC 8030): at most 32 characters of the base64url alphabet; the push service keeps only the newest per topic. */
export function pushTopic(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'portal';
}

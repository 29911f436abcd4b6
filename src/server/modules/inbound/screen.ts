/**
 * What a mail's headers say about whether a person wrote it just now: auto-replies, bulk and list
 * mail, bounces and the portal's own mail coming back are dropped before anything else is looked
 * at (an "out of office" must never land in a complaint's thread, nor start a mail loop).
 */

export type DropReason =
  | 'unknown_token'
  | 'token_mismatch'
  | 'not_allowed'
  | 'auto_reply'
  | 'bulk'
  | 'bounce'
  | 'loop'
  | 'unauthenticated'
  | 'no_sender'
  | 'empty'
  | 'finished'
  | 'duplicate';

/** Header name (lower-case) → every value it has, in order (the first is the topmost). */
export type HeaderLines = ReadonlyMap<string, readonly string[]>;

export function headerLines(lines: ReadonlyArray<{ key: string; line: string }>): HeaderLines {
  const map = new Map<string, string[]>();
  for (const { key, line } of lines) {
    const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
    map.set(key.toLowerCase(), [...(map.get(key.toLowerCase()) ?? []), value]);
  }
  return map;
}

const first = (headers: HeaderLines, name: string) => headers.get(name)?.[0]?.trim().toLowerCase() ?? '';

/** Why the mail is not a person's reply, or undefined when it may be one. */
export function screenAutomatic(
  headers: HeaderLines,
  envelopeFrom: string | undefined,
  sender: string,
  isPortalAddress: (address: string) => boolean,
): DropReason | undefined {
  const autoSubmitted = first(headers, 'auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto_reply';
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return 'auto_reply';
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(first(headers, 'precedence'))) return 'bulk';
  if (headers.has('list-id') || headers.has('list-unsubscribe')) return 'bulk';
  // An empty envelope sender (MAIL FROM:<>) is a bounce or another automatic notice.
  if (envelopeFrom === '' || /^(mailer-daemon|postmaster)@/i.test(sender)) return 'bounce';
  if (isPortalAddress(sender) || headers.has('x-loop')) return 'loop';
  return undefined;
}

/** The domain part of an address, lower-case. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** `domain` is `of` or a subdomain of it (relaxed alignment, as DMARC allows). */
const aligned = (domain: string, of: string) => domain === of || domain.endsWith(`.${of}`) || of.endsWith(`.${domain}`);

/**
 * Whether the upstream mail server we trust (`authservId`) checked the sender: its
 * Authentication-Results header must be the topmost one, and say dkim=pass for the From domain or
 * spf=pass for it. Any other Authentication-Results (which a sender can write into a mail) counts
 * for nothing.
 */
export function senderAuthenticated(headers: HeaderLines, authservId: string, sender: string): boolean {
  const top = headers.get('authentication-results')?.[0];
  if (!top) return false;
  const [id = '', ...results] = top.split(';').map((part) => part.trim());
  if (id.split(/\s+/)[0]?.toLowerCase() !== authservId) return false;
  const from = domainOf(sender);
  return results.some((result) => {
    const method = /^(dkim|spf)\s*=\s*(\w+)/i.exec(result);
    if (!method?.[1] || method[2]?.toLowerCase() !== 'pass') return false;
    const property = method[1].toLowerCase() === 'dkim' ? /header\.d=([^\s;]+)/i.exec(result) : /smtp\.mailfrom=([^\s;]+)/i.exec(result);
    const value = property?.[1]?.toLowerCase() ?? '';
    return value !== '' && aligned(value.includes('@') ? domainOf(value) : value, from);
  });
}

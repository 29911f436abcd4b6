import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Per-complaint, per-recipient reply addresses: `reply+hc-2026-000123.<mac>@portal.example`. The
 * mac is an HMAC of the complaint and the one address the mail went to, so it cannot be guessed,
 * and an answer counts only when it comes from that address: the token names no person, the
 * sender has to be the person it was made for. Lower-case hex, because some mail servers fold the
 * case of local parts.
 */

export interface ReplyAddressing {
  /** The configured address, e.g. `reply@portal.example`; tokens go after a `+` in its local part. */
  address: string;
  /** The key the macs are made with (derived from SESSION_SECRET). */
  secret: string;
}

const MAC_HEX = 24; // 96 bits

const macFor = (secret: string, complaintId: string, recipient: string) =>
  createHmac('sha256', secret).update(`reply-address\n${complaintId}\n${recipient.trim().toLowerCase()}`).digest('hex').slice(0, MAC_HEX);

function split(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** The address `recipient` answers to about this complaint. */
export function replyAddressFor(
  addressing: ReplyAddressing,
  complaint: { id: string; number: string },
  recipient: string,
): string {
  const { local, domain } = split(addressing.address);
  return `${local}+${complaint.number.toLowerCase()}.${macFor(addressing.secret, complaint.id, recipient)}@${domain}`;
}

export interface ReplyToken {
  /** The complaint number as the token names it (upper-case, e.g. HC-2026-000123). */
  number: string;
  mac: string;
}

/** The token in `address` when it is one of ours (right local part and domain), else undefined. */
export function readReplyAddress(addressing: ReplyAddressing, address: string): ReplyToken | undefined {
  const base = split(addressing.address);
  const given = split(address.trim());
  if (given.domain !== base.domain || !given.local.startsWith(`${base.local}+`)) return undefined;
  const match = /^(hc-\d{4}-\d{6,12})\.([0-9a-f]+)$/.exec(given.local.slice(base.local.length + 1));
  if (!match?.[1] || !match[2]) return undefined;
  return { number: match[1].toUpperCase(), mac: match[2] };
}

/** Whether `token` was made for this complaint and this sender. */
export function tokenMatches(addressing: ReplyAddressing, token: ReplyToken, complaintId: string, sender: string): boolean {
  const expected = Buffer.from(macFor(addressing.secret, complaintId, sender));
  const given = Buffer.from(token.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether `address` is any address at the portal's reply mailbox (ours, so never a person to answer). */
export function isPortalAddress(addressing: ReplyAddressing, address: string): boolean {
  const base = split(addressing.address);
  const given = split(address.trim());
  return given.domain === base.domain && (given.local === base.local || given.local.startsWith(`${base.local}+`));
}

/** The thread id every mail about one complaint refers to (In-Reply-To, References). */
export const threadRefFor = (complaintId: string, messageDomain: string) => `<complaint-${complaintId}@${messageDomain}>`;

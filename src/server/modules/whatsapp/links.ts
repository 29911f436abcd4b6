import { randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, whatsappLinkCodes, whatsappLinks } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import type { WhatsAppConfig } from '../../config.js';
import { DEV_WHATSAPP_PREFIX } from '../../dev-whatsapp/prefix.js';
import { WHATSAPP_CODE_MINUTES, WHATSAPP_LINK_WORD, type WhatsAppLink, type WhatsAppLinkCode } from '../../../shared/whatsapp.js';

/** Letters and digits nobody confuses when typing them from a screen (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

/** All but the last four digits hidden: the page shows which number it is without printing it whole. */
export const maskedNumber = (waId: string) => `•••••• ${waId.slice(-4)}`;

export async function linkOf(db: Db, config: WhatsAppConfig | undefined, userId: string): Promise<WhatsAppLink> {
  const [row] = await db.select().from(whatsappLinks).where(eq(whatsappLinks.userId, userId));
  return { available: Boolean(config), linked: row ? { phone: maskedNumber(row.waId), linkedAt: row.linkedAt.toISOString() } : null };
}

/**
 * A new linking code for this account, replacing any earlier one. Only its hash is kept: whoever
 * reads the table cannot link a number to someone else's account.
 */
export async function newLinkCode(db: Db, config: WhatsAppConfig | undefined, userId: string, publicUrl: string): Promise<WhatsAppLinkCode> {
  if (!config) throw new AppError(404, 'whatsapp_off', /*i18n*/ 'WhatsApp is not set up on this portal.');
  const [linked] = await db.select({ waId: whatsappLinks.waId }).from(whatsappLinks).where(eq(whatsappLinks.userId, userId));
  if (linked) throw new AppError(409, 'whatsapp_linked', /*i18n*/ 'A WhatsApp number is already connected to your account. Disconnect it first.');
  const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  const expiresAt = new Date(Date.now() + WHATSAPP_CODE_MINUTES * 60_000);
  await db
    .insert(whatsappLinkCodes)
    .values({ code: sha256(code), userId, expiresAt })
    .onConflictDoUpdate({ target: whatsappLinkCodes.userId, set: { code: sha256(code), expiresAt, createdAt: sql`now()` } });
  const text = encodeURIComponent(`${WHATSAPP_LINK_WORD} ${code}`);
  // With the development simulator a wa.me link would open the real WhatsApp, which knows nothing
  // of this portal: the link opens the simulator's chat instead, the words typed in (decision 70).
  const link = config.simulated ? `${publicUrl}${DEV_WHATSAPP_PREFIX}?number=&text=${text}` : `https://wa.me/${config.phoneNumber}?text=${text}`;
  return { code, link, expiresAt: expiresAt.toISOString() };
}

export async function disconnect(db: Db, userId: string): Promise<void> {
  await db.delete(whatsappLinks).where(eq(whatsappLinks.userId, userId));
}

export interface LinkedPerson {
  id: string;
  name: string;
  locale: string | null;
  role: string;
}

/** The account a number is linked to, if it is (a disabled account counts as none: its phone may be in other hands). */
export async function personOf(db: Db | Tx, waId: string): Promise<LinkedPerson | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, locale: users.locale, role: users.role, disabledAt: users.disabledAt })
    .from(whatsappLinks)
    .innerJoin(users, eq(users.id, whatsappLinks.userId))
    .where(eq(whatsappLinks.waId, waId));
  return row && row.disabledAt === null ? row : null;
}

/**
 * Links `waId` to the account whose code this is, once: the code is used up. A number is linked to
 * one account at a time, and an account has one number: both earlier links go.
 */
export async function linkByCode(db: Db, waId: string, code: string): Promise<LinkedPerson | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(whatsappLinkCodes)
      .where(and(eq(whatsappLinkCodes.code, sha256(code.toUpperCase())), gt(whatsappLinkCodes.expiresAt, sql`now()`)))
      .returning({ userId: whatsappLinkCodes.userId });
    if (!used) return null;
    await tx.delete(whatsappLinks).where(eq(whatsappLinks.waId, waId));
    await tx.delete(whatsappLinks).where(eq(whatsappLinks.userId, used.userId));
    await tx.insert(whatsappLinks).values({ userId: used.userId, waId, lastInboundAt: sql`now()` });
    return personOf(tx, waId);
  });
}

/** Unlinks a number (STOP in the chat); true when it was linked. */
export async function unlinkNumber(db: Db, waId: string): Promise<boolean> {
  const gone = await db.delete(whatsappLinks).where(eq(whatsappLinks.waId, waId)).returning({ userId: whatsappLinks.userId });
  return gone.length > 0;
}

/** The 24-hour customer-service window opens again with each message the person sends. */
export async function touchWindow(db: Db, waId: string): Promise<void> {
  await db.update(whatsappLinks).set({ lastInboundAt: sql`now()` }).where(eq(whatsappLinks.waId, waId));
}

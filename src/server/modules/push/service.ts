import { ECDH } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushOutbox, pushSubscriptions, users, whatsappLinks } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { NotificationChannels, NotificationChannelsInput, PushSubscriptionInput } from '../../../shared/push.js';

/**
 * Push endpoints are the push services' own https URLs. Outside production a plain http endpoint on
 * the loopback address is accepted too, so tests can stand up a push service of their own.
 */
export function checkEndpoint(endpoint: string, production: boolean, serviceHosts: readonly string[]): void {
  const url = new URL(endpoint);
  const loopback = !production && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !loopback) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'The push endpoint must be an https:// address.', { endpoint: 'must be an https:// address' });
  }
  const host = url.hostname.toLowerCase();
  if (!loopback && !serviceHosts.some((known) => host === known || host.endsWith(`.${known}`))) {
    throw new AppError(400, 'validation_failed', "The push endpoint is not a known push service's address (PUSH_SERVICE_HOSTS).", {
      endpoint: 'must be an address of a push service',
    });
  }
  if (url.username || url.password) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'The push endpoint must not carry a user name or password.', { endpoint: 'must not carry credentials' });
  }
}

/** The browser's key must be a point on P-256, or nothing could ever be encrypted for it. */
export function checkKeys(keys: PushSubscriptionInput['keys']): void {
  try {
    ECDH.convertKey(Buffer.from(keys.p256dh, 'base64url'), 'prime256v1');
  } catch {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'The push subscription key is not a P-256 public key.', { 'keys.p256dh': 'is not a P-256 public key' });
  }
  if (Buffer.from(keys.auth, 'base64url').length < 16) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'The push subscription auth secret is shorter than 16 bytes.', { 'keys.auth': 'must be at least 16 bytes' });
  }
}

/**
 * How many devices one person may have: every notification is a POST to each of them, so without a
 * limit one account could make each bell fan out to thousands of requests.
 */
export const MAX_DEVICES_PER_USER = 10;

/**
 * Keeps one row per endpoint: a device signing in as someone else now pushes to them alone. A person
 * keeps their MAX_DEVICES_PER_USER most recently saved devices; saving one more forgets the oldest.
 */
export async function saveSubscription(db: Db, userId: string, input: PushSubscriptionInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint))
      .for('update');
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: sql`now()` },
      });
    // The row keeps its id when the device changes hands: pushes still waiting for the previous
    // owner would otherwise show their words on a device someone else now holds.
    if (before && before.userId !== userId) {
      await tx.delete(pushOutbox).where(and(eq(pushOutbox.subscriptionId, before.id), eq(pushOutbox.status, 'queued')));
    }
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Forgets the device for this person; someone else's endpoint is left alone (and nothing is said about it). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

const channelColumns = {
  push: users.notifyPush,
  mail: users.notifyMail,
  bell: users.notifyBell,
  whatsapp: users.notifyWhatsapp,
  whatsappLinked: sql<boolean>`exists (select 1 from ${whatsappLinks} where ${whatsappLinks.userId} = ${users.id})`,
};

export async function channelsOf(db: Db, userId: string): Promise<NotificationChannels> {
  const [row] = await db.select(channelColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Your account is gone.');
  return row;
}

export async function setChannels(db: Db, userId: string, channels: NotificationChannelsInput): Promise<NotificationChannels> {
  const [row] = await db
    .update(users)
    .set({ notifyPush: channels.push, notifyMail: channels.mail, notifyBell: channels.bell, notifyWhatsapp: channels.whatsapp, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Your account is gone.');
  return channelsOf(db, userId);
}

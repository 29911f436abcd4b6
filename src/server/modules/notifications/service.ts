import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { complaints, notifications, pushOutbox, pushSubscriptions, university, users, type ComplaintRow } from '../../db/schema.js';
import { guardNotification, loadReporter, Reporters, type Reporter } from '../confidentiality/index.js';
import { pushMessage, pushNotices, pushTopic } from '../push/index.js';
import { whatsappNotices } from '../whatsapp/index.js';
import type { NoticeChannel } from '../../lib/notice-channel.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { ENGLISH, Readers, settingsOf, universityColumns, type Reader } from '../../i18n/readers.js';
import { isLocale } from '../../../shared/locale.js';

type Queryable = Db | Tx;

/** The channels beyond the bell, each queueing into its own outbox (lib/notice-channel.ts): a new one is one entry. */
const NOTICE_CHANNELS: readonly NoticeChannel[] = [pushNotices, whatsappNotices];

/**
 * A bell's text: whole, or a lead followed by a quote of what someone wrote, shown as a one-line
 * preview. The quote is cut only after the confidentiality guard has read all of it: a name cut in
 * half ("Priya…") no longer matches the guard's whole-word rule and would be shown.
 */
export type BellWords = string | { lead: string; quote: string };

/**
 * What a bell says: the same words for every reader, or written for each in their language
 * (issue 28; the stored row keeps what its reader was told).
 */
export type BellText = BellWords | ((reader: Reader) => BellWords);

/** Each reader's Reader (their `users.locale`, else the university's), read only when the text is written per reader. */
async function readersOf(
  db: Db | Tx,
  channels: ReadonlyArray<{ id: string; locale: string | null; defaultLocale: string | null; timeZone: string | null }>,
  text: BellText | ((count: number, single: ComplaintRow | null, reader: Reader) => string),
) {
  const byId = new Map<string, Reader>();
  if (typeof text !== 'function' || !channels.length) return (id: string) => byId.get(id) ?? ENGLISH;
  // The channels' query read each person's language and the university's with them.
  const settings = settingsOf(channels[0]);
  const readers = new Readers(db, settings);
  for (const c of channels) byId.set(c.id, await readers.reader(isLocale(c.locale) ? c.locale : settings.locale));
  return (id: string) => byId.get(id) ?? ENGLISH;
}

const wordsFor = (text: BellText, reader: Reader): BellWords => (typeof text === 'function' ? text(reader) : text);

/** The first 80 characters of `text` on one line, so the bell says what was asked without opening the complaint. */
export function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function textFor(reporter: Reporter | null, readerId: string, text: BellWords): string {
  const guard = (words: string) => (reporter ? guardNotification(reporter, readerId, words) : words);
  return typeof text === 'string' ? guard(text) : `${guard(text.lead)}${preview(guard(text.quote))}`;
}

/**
 * Tells each of `userIds` of something: a bell notification for those whose bell is on, and a push
 * to every device of those whose push is on, in a few statements however many readers there are;
 * call it with the transaction that makes the change it is about. Only modules/lifecycle calls it
 * (a check in tests/checks keeps it so). Each text passes the confidentiality guard for its reader
 * (only the student reads their own identity), and the push carries the same guarded text.
 * Returns the id of each reader's notice (their bell row's id and their pushes' event id).
 */
export async function notify(
  db: Queryable,
  userIds: string | readonly string[],
  complaint: ComplaintRow | null,
  text: BellText,
  /**
   * `push: false` rings the bell only (new work for those who did not ask to hear of each one).
   * `link`: where a notice about no single complaint leads (a portal path such as '/cleaning'), for
   * the bell and the push alike.
   */
  opts: { push?: boolean; link?: string } = {},
): Promise<string[]> {
  const readers = [...new Set(typeof userIds === 'string' ? [userIds] : userIds)];
  if (!readers.length) return [];
  const channels = await db
    .select({ id: users.id, bell: users.notifyBell, disabledAt: users.disabledAt, role: users.role, locale: users.locale, ...universityColumns })
    .from(users)
    .leftJoin(university, sql`true`)
    .where(inArray(users.id, readers));
  const readerOf = await readersOf(db, channels, text);
  const reporter = complaint ? await loadReporter(db, complaint) : null;
  // One id per reader and event: the bell row's id, and what makes each channel's rows unique per reader.
  const told = channels.map((c) => ({ ...c, eventId: randomUUID(), reader: readerOf(c.id), text: textFor(reporter, c.id, wordsFor(text, readerOf(c.id))) }));
  const bells = told.filter((c) => c.bell);
  if (bells.length) {
    await db.insert(notifications).values(bells.map((c) => ({ id: c.eventId, userId: c.id, complaintId: complaint?.id ?? null, text: c.text, link: opts.link ?? null })));
  }
  // A disabled account's phone may be in other hands by now: nothing leaves the portal for it.
  const outside = opts.push === false ? [] : told.filter((c) => c.disabledAt === null);
  if (outside.length) {
    const toldReaders = outside.map((c) => ({ id: c.id, eventId: c.eventId, role: c.role, locale: c.locale, i18n: c.reader.i18n, text: c.text }));
    for (const channel of NOTICE_CHANNELS) await channel.queue(db, { complaint, link: opts.link }, toldReaders);
  }
  // The event ids are what a caller needs to take back a notice it held (an undone merge).
  return told.map((c) => c.eventId);
}

/**
 * A notice another channel could not deliver (WhatsApp said it failed): the person hears of it by
 * the bell instead, under the notice's own id, so a bell they already have is not rung twice. The
 * words are the ones that channel carried, already past the confidentiality guard for this reader.
 */
export async function ringInstead(db: Db, notice: { eventId: string; userId: string; complaintId: string | null; text: string; link: string | null }): Promise<void> {
  await db.insert(notifications).values({ id: notice.eventId, userId: notice.userId, complaintId: notice.complaintId, text: notice.text, link: notice.link }).onConflictDoNothing();
}

export async function listNotifications(db: Db, userId: string, opts: { cursor?: string | undefined; limit: number }) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  const rows = await db
    .select({ n: notifications, number: complaints.number })
    .from(notifications)
    .leftJoin(complaints, eq(complaints.id, notifications.complaintId))
    .where(
      and(
        eq(notifications.userId, userId),
        after ? afterCursor(notifications, after) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
  // Served by the partial index on unread rows: a user's unread count never scans their history.
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const page = pageOf(rows, opts.limit, (row) => row.n);
  return {
    items: page.items.map(({ n, number }) => ({
      id: n.id,
      text: n.text,
      complaintNumber: number,
      link: n.link,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
      groupKey: n.groupKey,
      groupCount: n.groupCount,
    })),
    unread: Number(unread?.n ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** Marks the user's own notifications read: some, all, or all about one complaint (which they just viewed). */
export async function markRead(db: Db, userId: string, which: string[] | 'all' | { complaintNumber: string }): Promise<void> {
  const only =
    which === 'all'
      ? undefined
      : Array.isArray(which)
        ? inArray(notifications.id, which)
        : inArray(notifications.complaintId, db.select({ id: complaints.id }).from(complaints).where(eq(complaints.number, which.complaintNumber)));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), only));
}

/** One reader of a grouped notice, and the complaints this call adds to their group. */
export interface GroupedReader {
  id: string;
  complaints: readonly ComplaintRow[];
}

/**
 * Bells of one kind folded into one per reader per hour ("5 complaints became late"): a reader
 * with an unread bell of the group from the last hour has it updated — its count, its text, its
 * time — instead of a new one; otherwise a new bell, about the complaint itself when it is one.
 * A push goes at most once an hour per reader and group (its tag, so a device keeps one). Only
 * modules/lifecycle calls it, in the transaction of the change, like `notify`.
 */
export async function notifyGrouped(
  db: Queryable & Pick<Db, 'update'>,
  readers: readonly GroupedReader[],
  group: {
    key: string;
    /** The bell's words for `count` complaints, in the reader's language; `single` is the complaint when the group holds just one. */
    text: (count: number, single: ComplaintRow | null, reader: Reader) => string;
    /** Where a bell or push about more than one complaint leads (a view of the queue). */
    path: string;
  },
): Promise<void> {
  const wanted = readers.filter((r) => r.complaints.length > 0);
  if (!wanted.length) return;
  const channels = await db
    .select({ id: users.id, bell: users.notifyBell, push: users.notifyPush, disabledAt: users.disabledAt, locale: users.locale, ...universityColumns })
    .from(users)
    .leftJoin(university, sql`true`)
    .where(inArray(users.id, wanted.map((r) => r.id)));
  const readerOf = await readersOf(db, channels, group.text);
  const reporters = await Reporters.load(db, wanted.flatMap((r) => r.complaints));
  const reporterOf = (complaint: ComplaintRow | null) => (complaint ? reporters.of(complaint) : null);
  const recent = sql`now() - interval '1 hour'`;
  const pushes: Array<typeof pushOutbox.$inferInsert> = [];
  for (const reader of wanted) {
    const channel = channels.find((c) => c.id === reader.id);
    if (!channel) continue;
    const words = (n: number, single: ComplaintRow | null) => group.text(n, single, readerOf(reader.id));
    const added = reader.complaints.length;
    const only = added === 1 ? (reader.complaints[0] ?? null) : null;
    let eventId: string = randomUUID();
    let shown = { count: added, single: only };
    if (channel.bell) {
      // Served by notifications_group_idx (user, key, time).
      const [open] = await db
        .select({ id: notifications.id, count: notifications.groupCount })
        .from(notifications)
        .where(and(eq(notifications.userId, reader.id), eq(notifications.groupKey, group.key), isNull(notifications.readAt), sql`${notifications.createdAt} > ${recent}`))
        .orderBy(desc(notifications.createdAt))
        .limit(1);
      if (open) {
        shown = { count: open.count + added, single: null };
        eventId = open.id;
        await db
          .update(notifications)
          .set({ groupCount: shown.count, text: words(shown.count, null), complaintId: null, createdAt: sql`now()` })
          .where(eq(notifications.id, open.id));
      } else {
        await db.insert(notifications).values({
          id: eventId,
          userId: reader.id,
          complaintId: only?.id ?? null,
          text: textFor(reporterOf(only), reader.id, words(added, only)),
          groupKey: group.key,
          groupCount: added,
        });
      }
    }
    // A disabled account's phone may be in other hands by now: nothing leaves the portal for it.
    if (!channel.push || channel.disabledAt !== null) continue;
    const devices = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id));
    if (!devices.length) continue;
    const [pushed] = await db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(and(inArray(pushOutbox.subscriptionId, devices.map((d) => d.id)), eq(pushOutbox.topic, pushTopic(group.key)), sql`${pushOutbox.createdAt} > ${recent}`))
      .limit(1);
    if (pushed) continue;
    const said = textFor(reporterOf(shown.single), reader.id, words(shown.count, shown.single));
    const { i18n } = readerOf(reader.id);
    const message = shown.single
      ? { ...pushMessage(shown.single, reader.id, said, false, i18n), tag: group.key }
      : { title: i18n._('Hostel Complaint Portal'), body: said, url: group.path, tag: group.key };
    for (const device of devices) {
      pushes.push({ eventId, subscriptionId: device.id, payload: JSON.stringify(message), topic: pushTopic(group.key) });
    }
  }
  if (pushes.length) await db.insert(pushOutbox).values(pushes).onConflictDoNothing();
}

import { and, eq, inArray } from 'drizzle-orm';
import { users, whatsappLinks, whatsappOutbox } from '../../db/schema.js';
import type { NoticeChannel } from '../../lib/notice-channel.js';
import { pushMessage } from '../push/index.js';
import type { QueuedMessage } from './outbox.js';

/**
 * WhatsApp as a channel: what push would tell, on a linked number whose WhatsApp switch is on,
 * with the same guarded words; a student asked to confirm the fix gets Fixed / Not fixed.
 */
export const whatsappNotices: NoticeChannel = {
  name: 'whatsapp',
  async queue(db, notice, readers) {
    const linked = await db
      .select({ userId: whatsappLinks.userId, waId: whatsappLinks.waId })
      .from(whatsappLinks)
      .innerJoin(users, eq(users.id, whatsappLinks.userId))
      .where(and(inArray(whatsappLinks.userId, readers.map((r) => r.id)), eq(users.notifyWhatsapp, true)));
    if (!linked.length) return;
    const byUser = new Map(readers.map((r) => [r.id, r]));
    const { complaint, link } = notice;
    const rows = linked.flatMap(({ userId, waId }) => {
      const reader = byUser.get(userId);
      if (!reader) return [];
      const made = pushMessage(complaint, reader.id, reader.text, reader.role === 'student', reader.i18n);
      const message: QueuedMessage = {
        kind: 'update',
        title: made.title,
        text: made.body,
        path: !complaint && link ? link : made.url,
        locale: reader.locale ?? 'en',
        ...(complaint?.status === 'resolved' && complaint.studentId === reader.id ? { confirm: complaint.number } : {}),
      };
      return [{ waId, userId, eventId: reader.eventId, complaintId: complaint?.id ?? null, message }];
    });
    if (rows.length) await db.insert(whatsappOutbox).values(rows).onConflictDoNothing();
  },
};

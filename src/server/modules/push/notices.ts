import { and, eq, inArray } from 'drizzle-orm';
import { pushOutbox, pushSubscriptions, users } from '../../db/schema.js';
import type { NoticeChannel } from '../../lib/notice-channel.js';
import { pushMessage, pushTopic } from './message.js';

/** Push as a channel: one row per device of each reader whose push is on, unique per (notice, device). */
export const pushNotices: NoticeChannel = {
  name: 'push',
  async queue(db, notice, readers) {
    const devices = await db
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(and(inArray(pushSubscriptions.userId, readers.map((r) => r.id)), eq(users.notifyPush, true)));
    if (!devices.length) return;
    const byUser = new Map(readers.map((r) => [r.id, r]));
    const { complaint, link } = notice;
    const rows = devices.flatMap((device) => {
      const reader = byUser.get(device.userId);
      if (!reader) return [];
      const made = pushMessage(complaint, reader.id, reader.text, reader.role === 'student', reader.i18n);
      const message = !complaint && link ? { ...made, url: link, tag: pushTopic(link) } : made;
      return [{ eventId: reader.eventId, subscriptionId: device.id, payload: JSON.stringify(message), topic: pushTopic(message.tag) }];
    });
    if (rows.length) await db.insert(pushOutbox).values(rows).onConflictDoNothing();
  },
};

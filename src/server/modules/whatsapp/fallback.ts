import type { QueuedMessage } from './outbox.js';

/** How the person hears of a notice WhatsApp could not deliver; the plugin wires the bell in. */
export type RingInstead = (notice: { eventId: string; userId: string; complaintId: string | null; text: string; link: string | null }) => Promise<void>;

/** A message WhatsApp could not deliver: an update about a notice reaches its person another way. */
export async function fallBack(ring: RingInstead, sent: { eventId: string | null; userId: string | null; complaintId: string | null; message: unknown }): Promise<void> {
  const message = sent.message as QueuedMessage;
  if (!sent.eventId || !sent.userId || message.kind !== 'update') return;
  await ring({ eventId: sent.eventId, userId: sent.userId, complaintId: sent.complaintId, text: message.text, link: sent.complaintId ? null : message.path });
}

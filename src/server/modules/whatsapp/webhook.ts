import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { whatsappInbound } from '../../db/schema.js';

/*
 * What Meta posts to the webhook (WhatsApp Cloud API, field "messages"): entries of changes, each
 * with the messages students sent and the statuses of what the portal sent. Read leniently: a
 * field Meta adds tomorrow is ignored, a kind of message the portal does not work is kept as its type.
 */

const messageSchema = z.object({
  id: z.string().min(1).max(200),
  from: z.string().regex(/^\d{5,20}$/),
  timestamp: z.string().optional(),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  context: z.object({ id: z.string().max(200) }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string().max(256), title: z.string().max(40) }).optional(),
      list_reply: z.object({ id: z.string().max(256), title: z.string().max(100) }).optional(),
    })
    .optional(),
  button: z.object({ payload: z.string().max(256).optional(), text: z.string().max(256) }).optional(),
  image: z.object({ id: z.string().max(200), mime_type: z.string().max(100).optional(), caption: z.string().max(1024).optional() }).optional(),
});

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  recipient_id: z.string().regex(/^\d{5,20}$/),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});

const payloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({
              contacts: z.array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string().max(200) }).optional() })).optional(),
              // Each item on its own: one Meta cannot describe here (a new kind) is skipped, not the whole post.
              messages: z.array(z.unknown()).optional(),
              statuses: z.array(z.unknown()).optional(),
            })
            .loose(),
        }),
      ),
    }),
  ),
});

export type InboundMessage = z.infer<typeof messageSchema> & { kind: 'message' };
export type InboundStatus = z.infer<typeof statusSchema> & { kind: 'status' };
export type InboundEvent = InboundMessage | InboundStatus;

/** The events of one post, or null when it is not a WhatsApp Business post at all. */
export function eventsOf(payload: unknown): InboundEvent[] | null {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) return null;
  const events: InboundEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const item of change.value.messages ?? []) {
        const message = messageSchema.safeParse(item);
        if (message.success) events.push({ ...message.data, kind: 'message' });
      }
      for (const item of change.value.statuses ?? []) {
        const status = statusSchema.safeParse(item);
        if (status.success) events.push({ ...status.data, kind: 'status' });
      }
    }
  }
  return events;
}

/** One row per event; a redelivered event (same message id, or same status of the same message) is already there. */
export async function queueEvents(db: Db, events: readonly InboundEvent[]): Promise<number> {
  if (!events.length) return 0;
  const rows = events.map((event) =>
    event.kind === 'message'
      ? { eventKey: `message:${event.id}`, waId: event.from, event }
      : { eventKey: `status:${event.id}:${event.status}`, waId: event.recipient_id, event },
  );
  const inserted = await db.insert(whatsappInbound).values(rows).onConflictDoNothing().returning({ id: whatsappInbound.id });
  return inserted.length;
}

import { z } from 'zod';

export const OUTBOX_STATUSES = ['held', 'queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxSummarySchema = z
  .object({
    id: z.string(),
    purpose: z.string(),
    complaintNumber: z.string().nullable(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    /** Mail to a confidential report's reporter, to a reader without the anti-ragging duty: no address, no content. */
    toReporter: z.boolean(),
    subject: z.string(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OutboxMessageSummary' });

export const outboxMessageSchema = outboxSummarySchema
  .extend({
    replyTo: z.string().nullable(),
    messageId: z.string(),
    smtpResponse: z.string().nullable(),
    text: z.string(),
    html: z.string(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z
  .object({
    items: z.array(outboxSummarySchema),
    nextCursor: z.string().nullable(),
    keepDays: z.number().describe('How many days sent and failed mail stays here before the clean-up removes it (MAIL_KEEP_DAYS)'),
  })
  .meta({ id: 'OutboxList' });

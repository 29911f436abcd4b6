import { z } from 'zod';
import { BULK_ACTION_STATUSES, isOpenStatus, type ComplaintStatus } from './constants.js';
import { allowedTransitions } from './lifecycle.js';
import { valued } from './valued-message.js';

/**
 * The queue's first screen: what needs someone today, counted in the reader's scope. `new` and
 * `mine` head its two sections; the other four are the attention strip of wardens and admins, each a
 * link to its view.
 */
export const attentionSchema = z
  .object({
    new: z.number().int().describe('Submitted: nobody has acknowledged them yet'),
    mine: z.number().int().describe('Open and assigned to you or to nobody ("My open work")'),
    overdue: z.number().int().describe('Open and past their due time'),
    escalated: z.number().int().describe('Open, and a warden or admin was told they are late'),
    reopened: z.number().int().describe('Reopened by their student'),
    unassigned: z.number().int().describe('Open and assigned to nobody'),
  })
  .meta({ id: 'Attention' });
export type Attention = z.infer<typeof attentionSchema>;

/** What a bulk action does to each complaint: a status the team may set, or taking them yourself. */
export const BULK_ACTIONS = ['acknowledged', 'in_progress', 'resolved', 'rejected', 'take'] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

/** The words for each action: its button, what the page says while it waits, what happened. */
export const BULK_ACTION_WORDS: Record<BulkActionKind, { button: string; doing: string; done: string }> = {
  acknowledged: { button: 'Acknowledge', doing: 'Acknowledging', done: 'acknowledged' },
  in_progress: { button: 'Start work on', doing: 'Starting work on', done: 'started' },
  resolved: { button: 'Resolve', doing: 'Resolving', done: 'resolved' },
  rejected: { button: 'Reject', doing: 'Rejecting', done: 'rejected' },
  take: { button: 'Take', doing: 'Taking', done: 'taken' },
};

/**
 * Whether an action applies to a complaint as it is: a status by the shared state machine (what
 * the team may do from its status), taking one that is open and nobody's. The console offers an
 * action with it, the server schedules with it and checks it again when the action runs.
 */
export function bulkApplies(action: BulkActionKind, status: ComplaintStatus, assigned: boolean): boolean {
  if (action === 'take') return isOpenStatus(status) && !assigned;
  return allowedTransitions(status, 'staff').some((t) => t.to === action);
}

/** Whether the action tells each complaint's student (a status change mails and rings them; taking one tells nobody). */
export const bulkTellsStudents = (action: BulkActionKind) => action !== 'take';

export const BULK_MAX = 100;
export const BULK_NOTE_MAX = 2000;

export const bulkRequestSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: /*i18n*/ 'Choose acknowledged, in_progress, resolved, rejected or take' }),
    note: z.string().trim().max(BULK_NOTE_MAX, valued(/*i18n*/ 'Keep the note under {max} characters', { max: BULK_NOTE_MAX })).default(''),
    numbers: z
      .array(z.string().trim().min(1).max(40), { error: /*i18n*/ 'Choose the complaints' })
      .min(1, /*i18n*/ 'Choose at least one complaint')
      .max(BULK_MAX, valued(/*i18n*/ 'At most {count} complaints at once', { count: BULK_MAX })),
  })
  .meta({ id: 'BulkRequest' });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** What happened to one complaint when the action ran: changed, left as it was (and why), or refused. */
export const bulkResultSchema = z
  .object({
    number: z.string(),
    outcome: z.enum(['done', 'skipped']),
    message: z.string(),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkActionSchema = z
  .object({
    id: z.string(),
    action: z.enum(BULK_ACTIONS),
    note: z.string(),
    status: z.enum(BULK_ACTION_STATUSES).describe('pending: waiting out its undo window; running; done; cancelled (undone)'),
    numbers: z.array(z.string()),
    runAt: z.string().describe('When it runs unless undone before'),
    /** The server's clock when it answered, so a countdown does not depend on the device's clock. */
    now: z.string(),
    results: z.array(bulkResultSchema).describe('Per complaint, in the order they ran (empty until it runs)'),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'BulkAction' });
export type BulkAction = z.infer<typeof bulkActionSchema>;

import type { Db, Tx } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants.js';
import { collectingMail, type MailHandover } from '../mail/index.js';
import type { MailOptions } from '../mail/index.js';
import type { ReplyAddressing } from '../mail/index.js';
import { DEFAULT_CATALOG, type PublicCatalog } from '../../../shared/catalog.js';
import type { WorkingCalendar } from '../../../shared/working-time.js';

/** What the clocks read of the catalogue: the working calendar and the targets. */
export type ClockCatalogue = { calendar: WorkingCalendar; catalog: Pick<PublicCatalog, 'categories' | 'services'> };

/**
 * What every change to a complaint needs: the database, where links in mail point, whether mail is
 * sent or held, and a transaction that wakes the mail dispatcher once it has committed. Built once
 * by the lifecycle plugin (`app.lifecycle`); services take it instead of assembling their own.
 */
export interface LifecycleContext {
  db: Db;
  /** The clock deadlines and escalations read (app.clock). */
  clock: Clock;
  publicUrl: string;
  smtpConfigured: boolean;
  /** Set when the portal receives replies by mail: conversation mail carries personal reply addresses. */
  replyAddressing?: ReplyAddressing | undefined;
  /** How long staff may undo merging a duplicate (MERGE_UNDO_MINUTES); its notice to the student waits as long. */
  mergeUndoMs: number;
  /**
   * The university's time zone, the profile's (decision 53): the days and times of day that mail and
   * bells write in words (a visit). Asked each time, since an administrator may change it.
   */
  universityTimeZone(): Promise<string>;
  /**
   * The working calendar and the targets as the catalogue has them now (issue 44): a reopened
   * complaint's new due time, and a paused clock's time left, are counted on them. Inside a
   * transaction, pass it: the catalogue is then checked through it (the embedded database has one
   * connection, which the transaction holds).
   */
  clockCatalogue(within?: Tx): Promise<ClockCatalogue>;
  /**
   * Runs `work` in one transaction. When it commits, the mail it queued goes to the instance's mail
   * dispatcher (the one place that hands it over); when it throws, nothing was written.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

const DEFAULT_CLOCK_CATALOGUE: ClockCatalogue = {
  calendar: { timeZone: DEFAULT_TIME_ZONE, weeklyDaysOff: [7], holidays: new Set() },
  catalog: DEFAULT_CATALOG,
};

export function createLifecycleContext(opts: {
  db: Db;
  /** The system's clock when not given. */
  clock?: Clock | undefined;
  publicUrl: string;
  smtpConfigured: boolean;
  replyAddressing?: ReplyAddressing | undefined;
  mergeUndoMs: number;
  /** The profile's zone as the catalogue has it; Asia/Kolkata (the profile's default) when not given. */
  universityTimeZone?: (() => Promise<string>) | undefined;
  /** The catalogue's calendar and targets; the default catalogue with Sundays off when not given. */
  clockCatalogue?: ((within?: Tx) => Promise<ClockCatalogue>) | undefined;
  /** A collection for the mail of a transaction about to start, when this instance sends mail (mail/handover.ts). */
  mailHandover?: () => MailHandover | undefined;
  /** Called after every committed lifecycle transaction, with the mail it collected. */
  afterCommit: (handover: MailHandover | undefined) => void;
}): LifecycleContext {
  const { db, publicUrl, smtpConfigured, replyAddressing, mergeUndoMs, mailHandover, afterCommit } = opts;
  const universityTimeZone = opts.universityTimeZone ?? (() => Promise.resolve(DEFAULT_TIME_ZONE));
  return {
    db,
    clock: opts.clock ?? systemClock,
    publicUrl,
    smtpConfigured,
    replyAddressing,
    mergeUndoMs,
    universityTimeZone,
    clockCatalogue: opts.clockCatalogue ?? (() => Promise.resolve(DEFAULT_CLOCK_CATALOGUE)),
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      const handover = mailHandover?.();
      const result = await db.transaction((tx) => collectingMail(tx, handover, work));
      afterCommit(handover);
      return result;
    },
  };
}

export const mailOptions = (ctx: Pick<LifecycleContext, 'publicUrl' | 'smtpConfigured' | 'replyAddressing'>): MailOptions => ({
  smtpConfigured: ctx.smtpConfigured,
  messageDomain: new URL(ctx.publicUrl).hostname,
  replyAddressing: ctx.replyAddressing,
});
export const studentUrl = (ctx: Pick<LifecycleContext, 'publicUrl'>, number: string) => `${ctx.publicUrl}/my/${number}`;
export const staffUrl = (ctx: Pick<LifecycleContext, 'publicUrl'>, number: string) => `${ctx.publicUrl}/staff/complaints/${number}`;

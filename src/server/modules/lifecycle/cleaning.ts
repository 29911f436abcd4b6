import type { CleaningVisitOutcome } from '../../../shared/constants.js';
import type { Tx } from '../../db/client.js';
import { enqueueMail } from '../mail/outbox.js';
import { paragraphsMail } from '../mail/html.js';
import { notify } from '../notifications/service.js';
import { wantingMail } from './notices.js';
import { mailOptions, type LifecycleContext } from './context.js';

/** The student's page of weekly cleaning: where a bell about a visit leads. */
export const CLEANING_PAGE = '/cleaning';

export interface CleaningVisitNotice {
  student: { id: string; email: string };
  hostel: string;
  roomNo: string;
  /** "Tue 1 Dec" */
  dayText: string;
  outcome: CleaningVisitOutcome;
  reason: string;
}

/**
 * Tells a student what the cleaning staff marked for their booked visit, in the marking's
 * transaction. "Not possible" is news they must act on (the room stays dirty for a week): bell,
 * push and mail, with the reason. "Done" is what they expect every week: bell and push only, so
 * a weekly booking does not fill their inbox. The bell is about no complaint and leads to /cleaning.
 */
export async function tellCleaningVisit(tx: Tx, ctx: LifecycleContext, notice: CleaningVisitNotice): Promise<void> {
  const link = CLEANING_PAGE;
  if (notice.outcome === 'done') {
    await notify(tx, notice.student.id, null, `Room ${notice.roomNo} was cleaned on ${notice.dayText}.`, { link });
    return;
  }
  await notify(tx, notice.student.id, null, { lead: `Cleaning of room ${notice.roomNo} on ${notice.dayText} was not possible: `, quote: notice.reason }, { link });
  const to = await wantingMail(tx, [notice.student.email]);
  if (!to.length) return;
  const subject = `Room cleaning on ${notice.dayText} was not possible`;
  const mail = paragraphsMail(
    subject,
    [
      `The cleaning staff could not clean room ${notice.roomNo} of ${notice.hostel} on ${notice.dayText}.`,
      `Their reason: ${notice.reason}`,
      'Your weekly booking stays as it is. If the room needs cleaning before the next visit, ask for a one-off cleaning on the Services page.',
    ],
    { url: `${ctx.publicUrl}${link}`, text: 'Your weekly cleaning' },
  );
  await enqueueMail(tx, [{ ...mail, purpose: 'cleaning_visit', to }], mailOptions(ctx));
}

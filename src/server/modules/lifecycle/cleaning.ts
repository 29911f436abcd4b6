import { dayLabel } from '../../../shared/cleaning-schedule.js';
import type { CleaningVisitOutcome } from '../../../shared/constants.js';
import type { Tx } from '../../db/client.js';
import { enqueueMail, type MailFor } from '../mail/index.js';
import { paragraphsMail } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import { wantingMail } from './notices.js';
import { mailOptions, type LifecycleContext } from './context.js';

/** The student's page of weekly cleaning: where a bell about a visit leads. */
export const CLEANING_PAGE = '/cleaning';

export interface CleaningVisitNotice {
  student: { id: string; email: string };
  hostel: string;
  roomNo: string;
  /** The visit's day, 2026-12-01: written in each reader's words ("Tue 1 Dec"). */
  day: string;
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
    await notify(tx, notice.student.id, null, ({ i18n, intlLocale }) => i18n._('Room {room} was cleaned on {day}.', { room: notice.roomNo, day: dayLabel(notice.day, intlLocale) }), { link });
    return;
  }
  await notify(
    tx,
    notice.student.id,
    null,
    ({ i18n, intlLocale }) => ({ lead: `${i18n._('Cleaning of room {room} on {day} was not possible:', { room: notice.roomNo, day: dayLabel(notice.day, intlLocale) })} `, quote: notice.reason }),
    { link },
  );
  const to = await wantingMail(tx, [notice.student.email]);
  if (!to.length) return;
  const render: MailFor = (r) => {
    const values = { room: notice.roomNo, hostel: r.hostel(notice.hostel), day: dayLabel(notice.day, r.intlLocale), reason: notice.reason };
    return paragraphsMail(
      r.i18n._('Room cleaning on {day} was not possible', values),
      [
        r.i18n._('The cleaning staff could not clean room {room} of {hostel} on {day}.', values),
        r.i18n._('Their reason: {reason}', values),
        r.i18n._('Your weekly booking stays as it is. If the room needs cleaning before the next visit, ask for a one-off cleaning on the Services page.'),
      ],
      { url: `${ctx.publicUrl}${link}`, text: r.i18n._('Your weekly cleaning') },
      r,
    );
  };
  await enqueueMail(tx, [{ render, purpose: 'cleaning_visit', to }], mailOptions(ctx));
}

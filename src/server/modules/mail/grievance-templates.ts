import type { AppealOutcome, CommitteeOutcome } from '../../../shared/grievances.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';
import { greeting, paragraphsMail } from './html.js';
import type { RenderedMail } from './templates.js';

/*
 * Mail of the grievance ladder (issue 44): to the student, to the committee's members, to the
 * Ombudsperson and to the head of the institution. Every value is escaped by paragraphsMail; what
 * people wrote is quoted as they wrote it.
 */

export const COMMITTEE_OUTCOME_LABELS: Record<CommitteeOutcome, string> = {
  upheld: /*i18n*/ 'Upheld',
  partly_upheld: /*i18n*/ 'Partly upheld',
  not_upheld: /*i18n*/ 'Not upheld',
};

export const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  confirmed: /*i18n*/ 'Decision confirmed',
  modified: /*i18n*/ 'Decision modified',
  set_aside: /*i18n*/ 'Decision set aside',
};

/** What a grievance mail says about the grievance it is about. */
export interface GrievanceFacts {
  number: string;
  subject: string;
  studentName: string;
  /** The student's first name, for the greeting of mail to them. */
  studentFname: string;
}

export type GrievanceMail =
  | { step: 'received'; due: Date }
  | { step: 'raised'; due: Date; complaintNumber: string | null }
  | { step: 'hearing'; at: Date; place: string }
  /** The Ombudsperson's name, or null while nobody holds the seat. */
  | { step: 'decided'; outcome: CommitteeOutcome; until: Date; ombudsperson: string | null }
  | { step: 'appealed'; due: Date; reason: string }
  | { step: 'question'; text: string; to: 'student' | 'committee' }
  | { step: 'message'; text: string; from: 'student' | 'committee' }
  | { step: 'disposed'; outcome: AppealOutcome }
  | { step: 'withdrawn' }
  | { step: 'overdue'; clock: 'committee' | 'appeal'; audience: 'first' | 'head' | 'admins'; due: Date; workingDays: number };

/** One mail of the ladder, for its reader. */
export function grievanceMail(facts: GrievanceFacts, mail: GrievanceMail, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const v = { number: facts.number, subject: facts.subject, student: facts.studentName };
  const open = { url, text: i18n._('Open the grievance') };
  switch (mail.step) {
    case 'received':
      return paragraphsMail(
        i18n._('We received your grievance — {number}', v),
        [
          greeting(r, facts.studentFname),
          i18n._('your grievance {number} ({subject}) is with the Student Grievance Redressal Committee.', v),
          i18n._('By the regulations the committee decides within 15 working days of receipt: by {due}.', { due: r.time(mail.due) }),
        ],
        open,
        r,
      );
    case 'raised':
      return paragraphsMail(
        i18n._('New grievance {number}: {subject}', v),
        [
          mail.complaintNumber
            ? i18n._('{student} took complaint {complaint} to the grievance committee: {subject}.', { ...v, complaint: mail.complaintNumber })
            : i18n._('{student} raised a grievance with the committee: {subject}.', v),
          i18n._('The committee’s decision is due within 15 working days of receipt: by {due}.', { due: r.time(mail.due) }),
        ],
        open,
        r,
      );
    case 'hearing':
      return paragraphsMail(
        i18n._('Hearing on your grievance {number}', v),
        [greeting(r, facts.studentFname), i18n._('the committee will hear your grievance {number} on {at}.\nPlace or link: {place}', { ...v, at: r.time(mail.at), place: mail.place })],
        open,
        r,
      );
    case 'decided':
      return paragraphsMail(
        i18n._('The committee’s decision on your grievance {number}', v),
        [
          greeting(r, facts.studentFname),
          i18n._('the committee decided on your grievance {number}: {outcome}. The decision is attached to the grievance on the portal as a dated PDF.', {
            ...v,
            outcome: i18n._(COMMITTEE_OUTCOME_LABELS[mail.outcome]),
          }),
          mail.ombudsperson
            ? i18n._('If you are not satisfied, you may appeal to the Ombudsperson ({ombudsperson}) until {until}.', { ombudsperson: mail.ombudsperson, until: r.time(mail.until) })
            : i18n._('If you are not satisfied, you may appeal to the Ombudsperson until {until}.', { until: r.time(mail.until) }),
        ],
        open,
        r,
      );
    case 'appealed':
      return paragraphsMail(
        i18n._('Appeal against the committee’s decision — {number}', v),
        [
          i18n._('{student} appealed against the committee’s decision on grievance {number} ({subject}).', v),
          i18n._('The appeal is to be disposed of within 30 days: by {due}.', { due: r.time(mail.due) }),
          i18n._('The reason given:\n{reason}', { reason: mail.reason }),
        ],
        open,
        r,
      );
    case 'question':
      return paragraphsMail(
        i18n._('The Ombudsperson asks about grievance {number}', v),
        [
          mail.to === 'student'
            ? i18n._('The Ombudsperson has a question for you about the appeal on grievance {number}:', v)
            : i18n._('The Ombudsperson has a question for the committee about the appeal on grievance {number}:', v),
          mail.text,
          i18n._('Answer with a message on the grievance’s page.'),
        ],
        open,
        r,
      );
    case 'message':
      return paragraphsMail(
        i18n._('New message on grievance {number}', v),
        [mail.from === 'student' ? i18n._('{student} wrote on grievance {number}:', v) : i18n._('The committee wrote on your grievance {number}:', v), mail.text],
        open,
        r,
      );
    case 'disposed':
      return paragraphsMail(
        i18n._('The Ombudsperson’s order on grievance {number}', v),
        [
          i18n._('The Ombudsperson disposed of the appeal on grievance {number} ({subject}): {outcome}. The order is attached to the grievance on the portal as a dated PDF.', {
            ...v,
            outcome: i18n._(APPEAL_OUTCOME_LABELS[mail.outcome]),
          }),
        ],
        open,
        r,
      );
    case 'withdrawn':
      return paragraphsMail(i18n._('Grievance {number} was withdrawn', v), [i18n._('{student} withdrew grievance {number} ({subject}) before a decision.', v)], open, r);
    case 'overdue': {
      const values = { ...v, due: r.time(mail.due), days: String(mail.workingDays) };
      const committee = mail.clock === 'committee';
      return paragraphsMail(
        committee ? i18n._('Grievance {number} is past the committee’s deadline', v) : i18n._('The appeal on grievance {number} is past its deadline', v),
        [
          committee
            ? i18n._('The committee’s decision on grievance {number} ({subject}) was due by {due} and is not made yet.', values)
            : i18n._('The Ombudsperson’s disposal of the appeal on grievance {number} ({subject}) was due by {due} and is not made yet.', values),
          mail.audience === 'admins'
            ? i18n._('You are told as an administrator: nobody holds the seat this reminder is for. Name the committee and the Ombudsperson in the admin console.', values)
            : mail.audience === 'first'
            ? committee
              ? i18n._('You are told as the chair of the committee. If it is still not decided {days} working days after it was due, the head of the institution is told.', values)
              : i18n._('You are told as the Ombudsperson. If it is still not disposed of {days} working days after it was due, the head of the institution is told.', values)
            : committee
              ? i18n._('You are told as the head of the institution: the chair was told when it became overdue, and {days} working days on it is still not decided.', values)
              : i18n._('You are told as the head of the institution: the Ombudsperson was told when it became overdue, and {days} working days on it is still not disposed of.', values),
        ],
        open,
        r,
      );
    }
  }
}

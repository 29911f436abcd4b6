import type { RaggingContacts } from '../../../shared/admin.js';
import { FIR_DECISION_LABELS, HEAD_AFTER_HOURS } from '../../../shared/ragging.js';
import type { ComplaintRow } from '../../db/schema.js';
import { paragraphsMail } from './html.js';
import type { RenderedMail } from './templates.js';

/*
 * Mail of the ragging channel (decision 40); every export is a template (the confidentiality test
 * renders each one). None of it names the reporter: the acknowledgement
 * goes to the reporter alone, and what goes to the nodal officer and the head of the institution
 * passes the confidentiality guard like every other mail about a complaint.
 */

const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** "Name, e-mail, phone" of a contact, leaving out what is not given. */
const contactLine = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join(', ');

/** Who to reach at once, as the acknowledgement and the pages say it. */
function helpLines(contacts: Pick<RaggingContacts, 'raggingHelpline' | 'nodalOfficerName' | 'nodalOfficerEmail' | 'nodalOfficerPhone'>): string {
  return [
    `National anti-ragging helpline (toll free, day and night): ${contacts.raggingHelpline}`,
    `Nodal officer: ${contactLine(contacts.nodalOfficerName, contacts.nodalOfficerEmail, contacts.nodalOfficerPhone)}`,
  ].join('\n');
}

/** To the reporter: the report is with the committee, what happens by when, and who to call now. */
export function raggingAcknowledgementMail(complaint: ComplaintRow, contacts: RaggingContacts, url: string): RenderedMail {
  return paragraphsMail(
    `We received your ragging report — ${complaint.number}`,
    [
      `Hello${complaint.fname ? ` ${complaint.fname}` : ''},`,
      `your report ${complaint.number}${complaint.subCategory ? ` (${complaint.subCategory})` : ''} is registered and has gone to the ${contacts.committeeName}. Only the committee and the anti-ragging duty can see who you are.`,
      'By the regulations, the committee decides within 24 hours whether a police report (FIR) is needed, and finishes its enquiry within 7 days.',
      `If you are in danger or need help now:\n${helpLines(contacts)}`,
    ],
    { url, text: 'Follow your report' },
  );
}

export type RaggingClock = 'fir' | 'enquiry';
export type ClockAudience = 'nodal_officer' | 'head';

/**
 * To the nodal officer (level 1) or the head of the institution (level 2) when a statutory clock
 * ran out with nothing recorded: which report, what was due by when, and what happened before.
 */
export function raggingClockMail(complaint: ComplaintRow, clock: RaggingClock, audience: ClockAudience, url: string): RenderedMail {
  const due = clock === 'fir' ? complaint.firDueAt : complaint.enquiryDueAt;
  const what = clock === 'fir' ? 'the decision on a police report (FIR)' : 'the end of the enquiry';
  const recorded =
    clock === 'fir'
      ? 'No FIR decision is recorded yet.'
      : complaint.firDecision
        ? `The FIR decision is recorded (${FIR_DECISION_LABELS[complaint.firDecision]}); the enquiry is not closed.`
        : 'Neither the FIR decision nor the enquiry’s outcome is recorded.';
  return paragraphsMail(
    `Ragging report overdue: ${clock === 'fir' ? 'FIR decision' : 'enquiry'} — ${complaint.number}`,
    [
      `Ragging report ${complaint.number}${complaint.subCategory ? ` (${complaint.subCategory})` : ''}, ${complaint.hostel}, filed ${utc(complaint.createdAt)}: ${what} was due by ${due ? utc(due) : 'its due time'}. ${recorded}`,
      audience === 'nodal_officer'
        ? `You are told as the anti-ragging nodal officer. If it is still not recorded ${HEAD_AFTER_HOURS} hours after it was due, the head of the institution is told.`
        : `The nodal officer was told when it became overdue; ${HEAD_AFTER_HOURS} hours on, it is still not recorded.`,
    ],
    { url, text: 'Open the report in the staff console' },
  );
}

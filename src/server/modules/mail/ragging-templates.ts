import type { RaggingContacts } from '../../../shared/admin.js';
import { localName, type Translations } from '../../../shared/catalog.js';
import { FIR_DECISION_LABELS, HEAD_AFTER_HOURS } from '../../../shared/ragging.js';
import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';
import { greeting, paragraphsMail } from './html.js';
import type { RenderedMail } from './templates.js';

/*
 * Mail of the ragging channel (decision 40); every export is a template (the confidentiality test
 * renders each one). None of it names the reporter: the acknowledgement
 * goes to the reporter alone, and what goes to the nodal officer and the head of the institution
 * passes the confidentiality guard like every other mail about a complaint.
 */

/** "Name, e-mail, phone" of a contact, leaving out what is not given. */
const contactLine = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join(', ');

/** Who to reach at once, as the acknowledgement and the pages say it. */
function helpLines(
  { i18n }: Reader,
  contacts: Pick<RaggingContacts, 'raggingHelpline' | 'nodalOfficerName' | 'nodalOfficerEmail' | 'nodalOfficerPhone'>,
): string {
  return [
    i18n._('National anti-ragging helpline (toll free, day and night): {helpline}', { helpline: contacts.raggingHelpline }),
    i18n._('Nodal officer: {contact}', { contact: contactLine(contacts.nodalOfficerName, contacts.nodalOfficerEmail, contacts.nodalOfficerPhone) }),
  ].join('\n');
}

/** To the reporter: the report is with the committee, what happens by when, and who to call now. */
export function raggingAcknowledgementMail(
  complaint: ComplaintRow,
  /** With the committee's Hindi name when an administrator gave one (the university row's). */
  contacts: RaggingContacts & { translations?: Translations<'committeeName'> },
  url: string,
  r: Reader = ENGLISH,
): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  const committee = localName(r.locale, contacts, 'committeeName');
  const values = { number: c.number, sub: c.subCategory, committee };
  return paragraphsMail(
    i18n._('We received your ragging report — {number}', values),
    [
      greeting(r, c.fname),
      c.subCategory
        ? i18n._('your report {number} ({sub}) is registered and has gone to the {committee}. Only the committee and the anti-ragging duty can see who you are.', values)
        : i18n._('your report {number} is registered and has gone to the {committee}. Only the committee and the anti-ragging duty can see who you are.', values),
      i18n._('By the regulations, the committee decides within 24 hours whether a police report (FIR) is needed, and finishes its enquiry within 7 days.'),
      i18n._('If you are in danger or need help now:\n{help}', { help: helpLines(r, contacts) }),
    ],
    { url, text: i18n._('Follow your report') },
    r,
  );
}

export type RaggingClock = 'fir' | 'enquiry';
export type ClockAudience = 'nodal_officer' | 'head';

/**
 * To the nodal officer (level 1) or the head of the institution (level 2) when a statutory clock
 * ran out with nothing recorded: which report, what was due by when, and what happened before.
 */
export function raggingClockMail(complaint: ComplaintRow, clock: RaggingClock, audience: ClockAudience, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  const due = clock === 'fir' ? c.firDueAt : c.enquiryDueAt;
  const recorded =
    clock === 'fir'
      ? i18n._('No FIR decision is recorded yet.')
      : c.firDecision
        ? i18n._('The FIR decision is recorded ({decision}); the enquiry is not closed.', { decision: i18n._(FIR_DECISION_LABELS[c.firDecision]) })
        : i18n._('Neither the FIR decision nor the enquiry’s outcome is recorded.');
  const report = c.subCategory ? i18n._('Ragging report {number} ({sub})', { number: c.number, sub: c.subCategory }) : i18n._('Ragging report {number}', { number: c.number });
  const values = { report, hostel: c.hostel, filed: r.time(c.createdAt), due: due ? r.time(due) : i18n._('its due time'), recorded };
  return paragraphsMail(
    clock === 'fir'
      ? i18n._('Ragging report overdue: FIR decision — {number}', { number: c.number })
      : i18n._('Ragging report overdue: enquiry — {number}', { number: c.number }),
    [
      clock === 'fir'
        ? i18n._('{report}, {hostel}, filed {filed}: the decision on a police report (FIR) was due by {due}. {recorded}', values)
        : i18n._('{report}, {hostel}, filed {filed}: the end of the enquiry was due by {due}. {recorded}', values),
      audience === 'nodal_officer'
        ? i18n._('You are told as the anti-ragging nodal officer. If it is still not recorded {hours} hours after it was due, the head of the institution is told.', { hours: String(HEAD_AFTER_HOURS) })
        : i18n._('The nodal officer was told when it became overdue; {hours} hours on, it is still not recorded.', { hours: String(HEAD_AFTER_HOURS) }),
    ],
    { url, text: i18n._('Open the report in the staff console') },
    r,
  );
}

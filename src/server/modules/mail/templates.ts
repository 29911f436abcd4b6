import { PLACE_KIND_LABELS } from '../../../shared/ragging.js';
import { ENTRY_SLOTS } from '../../../shared/constants.js';
import { ENTRY_SLOT_LABELS } from '../../../shared/visits.js';
import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';
import { aboutText, escapeHtml, greeting, htmlLang, oneLine } from './html.js';
import { roomOrArea } from './place-words.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Field {
  label: string;
  value: string;
}

/** The original app's payload fields, in its order, with plain labels (no internal field names). */
function complaintFields(complaint: ComplaintRow, { i18n, time }: Reader): Field[] {
  const hidden = complaint.confidential;
  // What the facility mail may say about who filed: nothing at all for a confidential complaint.
  const confidential = i18n._('Confidential student');
  const notGiven = i18n._('not given');
  return [
    { label: i18n._('Complaint number'), value: complaint.number },
    { label: i18n._('Type'), value: complaint.complaintHead },
    { label: i18n._('Category'), value: complaint.subCategory || '—' },
    { label: i18n._('Student'), value: hidden ? confidential : complaint.fname || '—' },
    { label: i18n._('Registration number'), value: hidden ? confidential : complaint.regId || '—' },
    { label: i18n._('Student e-mail'), value: hidden ? confidential : complaint.userEmail },
    { label: i18n._('Sent to'), value: complaint.toEmails.join(', ') },
    { label: i18n._('Hostel'), value: complaint.hostel },
    // A common area's name says its floor (decision 45).
    ...(complaint.commonAreaId
      ? [{ label: i18n._('Place'), value: complaint.placeText ?? '' }]
      : [
          // A ragging report may leave the reporter's room (and so floor) out, and says where it happened.
          // A confidential report's room and floor are its reporter's: they go with the identity (decision 63).
          { label: i18n._('Floor'), value: hidden && complaint.roomNo ? confidential : complaint.roomNo ? String(complaint.floor) : notGiven },
          { label: i18n._('Room'), value: hidden && complaint.roomNo ? confidential : complaint.roomNo || notGiven },
        ]),
    // In-room work (decision 47): whether staff may go in while the student is out, and when they are in.
    ...(complaint.entryConsent === null
      ? []
      : [
          {
            label: i18n._('Enter when out'),
            value: complaint.entryConsent ? i18n._('Yes, staff may enter when the student is out') : i18n._('No, only when the student is in'),
          },
        ]),
    ...(complaint.entrySlots.length
      ? [
          {
            label: i18n._('Usually in'),
            value: ENTRY_SLOTS.filter((s) => complaint.entrySlots.includes(s))
              .map((s) => i18n._(ENTRY_SLOT_LABELS[s]))
              .join(', '),
          },
        ]
      : []),
    ...(complaint.placeKind && !complaint.commonAreaId
      ? [{ label: i18n._('Where it happened'), value: `${i18n._(PLACE_KIND_LABELS[complaint.placeKind])}: ${complaint.placeText ?? ''}` }]
      : []),
    { label: i18n._('Complaint'), value: complaint.message },
    { label: i18n._('Filed at'), value: time(complaint.createdAt) },
  ];
}

function textTable(fields: Field[]): string {
  const width = Math.max(...fields.map((f) => f.label.length));
  return fields
    .map((f) => `${f.label.padEnd(width)} : ${f.value.replace(/\r?\n/g, `\n${' '.repeat(width + 3)}`)}`)
    .join('\n');
}

function htmlTable(fields: Field[]): string {
  const rows = fields
    .map(
      (f) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#334155;white-space:nowrap">${escapeHtml(f.label)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(f.value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:14px">${rows}</table>`;
}

function htmlPage(r: Reader, title: string, body: string): string {
  return `<!doctype html><html lang="${htmlLang(r)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5"><h1 style="font-size:18px">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The mail to the facility team: subject 'Wifi Complaint — HC-2026-000123', every field in a table. */
export function facilityMail(
  complaint: ComplaintRow,
  links: { complaintUrl: string; acknowledge?: string; resolve?: string },
  r: Reader = ENGLISH,
): RenderedMail {
  const { i18n } = r;
  complaint = r.local(complaint);
  const subject = oneLine(`${complaint.complaintHead} — ${complaint.number}`);
  const fields = complaintFields(complaint, r);
  const intro = complaint.confidential
    ? i18n._('A confidential complaint was filed on the Hostel Complaint Portal. The student is known only to the anti-ragging duty; answer through the portal.')
    : complaint.kind === 'cleaning'
      ? i18n._('A room-cleaning request was filed on the Hostel Complaint Portal. Answer the student in the portal, so the whole conversation stays with the complaint.')
      : i18n._('A complaint was filed on the Hostel Complaint Portal. Answer the student in the portal, so the whole conversation stays with the complaint.');
  const actions = [
    ...(links.acknowledge ? [{ label: i18n._('Acknowledge'), url: links.acknowledge }] : []),
    ...(links.resolve ? [{ label: i18n._('Resolved'), url: links.resolve }] : []),
  ];
  const actionText = actions.length
    ? `\n\n${i18n._('One click, no sign-in (each link works once and asks before it acts):')}\n${actions.map((a) => `${a.label}: ${a.url}`).join('\n')}`
    : '';
  const actionHtml = actions
    .map((a) => `<a href="${escapeHtml(a.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:8px 14px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(a.label)}</a>`)
    .join('');
  const answer = i18n._('Answer in the portal');
  const text = `${intro}\n\n${textTable(fields)}${actionText}\n\n${answer}: ${links.complaintUrl}\n`;
  const html = htmlPage(
    r,
    subject,
    `<p>${escapeHtml(intro)}</p>${htmlTable(fields)}${actionHtml ? `<p>${actionHtml}</p>` : ''}<p><a href="${escapeHtml(links.complaintUrl)}">${escapeHtml(answer)}</a></p>`,
  );
  return { subject, text, html };
}

/** The acknowledgement to the student, with the number to quote and a link to follow it. */
export function acknowledgementMail(complaint: ComplaintRow, links: { complaintUrl: string }, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  complaint = r.local(complaint);
  const cleaning = complaint.kind === 'cleaning';
  const { number } = complaint;
  const subject = oneLine(cleaning ? i18n._('We received your room-cleaning request — {number}', { number }) : i18n._('We received your complaint — {number}', { number }));
  const hello = greeting(r, complaint.fname);
  // Where it is, as the team's mail says it: the room, or the common area it was filed for.
  const values = { number, about: aboutText(complaint), hostel: complaint.hostel, place: roomOrArea(complaint, r), to: complaint.toEmails.join(', ') };
  const intro = cleaning
    ? i18n._('your room-cleaning request {number} ({about}, {hostel}, {place}) is registered and has been sent to {to}.', values)
    : i18n._('your complaint {number} ({about}, {hostel}, {place}) is registered and has been sent to {to}.', values);
  const follow = i18n._('You can follow it under My complaints:');
  const text = `${hello}\n\n${intro}\n\n${follow} ${links.complaintUrl}\n\n${i18n._('Hostel Complaint Portal')}\n`;
  const html = htmlPage(
    r,
    subject,
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(follow)} <a href="${escapeHtml(links.complaintUrl)}">${escapeHtml(complaint.number)}</a></p>`,
  );
  return { subject, text, html };
}

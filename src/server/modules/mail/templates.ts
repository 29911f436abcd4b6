import { PLACE_KIND_LABELS } from '../../../shared/ragging.js';
import { entryConsentText, entrySlotsText } from '../../../shared/visits.js';
import type { ComplaintRow } from '../../db/schema.js';
import { escapeHtml, oneLine } from './html.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Field {
  label: string;
  value: string;
}

/** What the facility mail may say about who filed: nothing at all for a confidential complaint. */
const CONFIDENTIAL = 'Confidential student';

/** The original app's payload fields, in its order, with plain labels (no internal field names). */
function complaintFields(complaint: ComplaintRow): Field[] {
  const hidden = complaint.confidential;
  return [
    { label: 'Complaint number', value: complaint.number },
    { label: 'Type', value: complaint.complaintHead },
    { label: 'Category', value: complaint.subCategory || '—' },
    { label: 'Student', value: hidden ? CONFIDENTIAL : complaint.fname || '—' },
    { label: 'Registration number', value: hidden ? CONFIDENTIAL : complaint.regId || '—' },
    { label: 'Student e-mail', value: hidden ? CONFIDENTIAL : complaint.userEmail },
    { label: 'Sent to', value: complaint.toEmails.join(', ') },
    { label: 'Hostel', value: complaint.hostel },
    // A common area's name says its floor (decision 45).
    ...(complaint.commonAreaId
      ? [{ label: 'Place', value: complaint.placeText ?? '' }]
      : [
          // A ragging report may leave the reporter's room (and so floor) out, and says where it happened.
          { label: 'Floor', value: complaint.roomNo ? String(complaint.floor) : 'not given' },
          { label: 'Room', value: complaint.roomNo || 'not given' },
        ]),
    // In-room work (decision 47): whether staff may go in while the student is out, and when they are in.
    ...(complaint.entryConsent === null ? [] : [{ label: 'Enter when out', value: entryConsentText(complaint.entryConsent) }]),
    ...(complaint.entrySlots.length ? [{ label: 'Usually in', value: entrySlotsText(complaint.entrySlots) }] : []),
    ...(complaint.placeKind && !complaint.commonAreaId ? [{ label: 'Where it happened', value: `${PLACE_KIND_LABELS[complaint.placeKind]}: ${complaint.placeText ?? ''}` }] : []),
    { label: 'Complaint', value: complaint.message },
    { label: 'Filed at', value: complaint.createdAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' },
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

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5"><h1 style="font-size:18px">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The mail to the facility team: subject 'Wifi Complaint — HC-2026-000123', every field in a table. */
export function facilityMail(
  complaint: ComplaintRow,
  links: { complaintUrl: string; acknowledge?: string; resolve?: string },
): RenderedMail {
  const subject = oneLine(`${complaint.complaintHead} — ${complaint.number}`);
  const fields = complaintFields(complaint);
  const intro = complaint.confidential
    ? 'A confidential complaint was filed on the Hostel Complaint Portal. The student is known only to the anti-ragging duty; answer through the portal.'
    : `A ${complaint.kind === 'cleaning' ? 'room-cleaning request' : 'complaint'} was filed on the Hostel Complaint Portal. Answer the student in the portal, so the whole conversation stays with the complaint.`;
  const actions = [
    ...(links.acknowledge ? [{ label: 'Acknowledge', url: links.acknowledge }] : []),
    ...(links.resolve ? [{ label: 'Resolved', url: links.resolve }] : []),
  ];
  const actionText = actions.length
    ? `\n\nOne click, no sign-in (each link works once and asks before it acts):\n${actions.map((a) => `${a.label}: ${a.url}`).join('\n')}`
    : '';
  const actionHtml = actions
    .map((a) => `<a href="${escapeHtml(a.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:8px 14px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(a.label)}</a>`)
    .join('');
  const text = `${intro}\n\n${textTable(fields)}${actionText}\n\nAnswer in the portal: ${links.complaintUrl}\n`;
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(intro)}</p>${htmlTable(fields)}${actionHtml ? `<p>${actionHtml}</p>` : ''}<p><a href="${escapeHtml(links.complaintUrl)}">Answer in the portal</a></p>`,
  );
  return { subject, text, html };
}

/** The acknowledgement to the student, with the number to quote and a link to follow it. */
export function acknowledgementMail(complaint: ComplaintRow, links: { complaintUrl: string }): RenderedMail {
  const what = complaint.kind === 'cleaning' ? 'room-cleaning request' : 'complaint';
  const subject = oneLine(`We received your ${what} — ${complaint.number}`);
  const greeting = `Hello${complaint.fname ? ` ${complaint.fname}` : ''},`;
  const intro = `your ${what} ${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}) is registered and has been sent to ${complaint.toEmails.join(', ')}.`;
  const follow = 'You can follow it under My complaints:';
  const text = `${greeting}\n\n${intro}\n\n${follow} ${links.complaintUrl}\n\nHostel Complaint Portal\n`;
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(follow)} <a href="${escapeHtml(links.complaintUrl)}">${escapeHtml(complaint.number)}</a></p>`,
  );
  return { subject, text, html };
}

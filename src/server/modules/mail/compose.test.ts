import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { describe, expect, it } from 'vitest';
import { composeMessage } from './compose.js';

/** nodemailer's own writer, for the same mail: what the dispatcher sent before compose.ts. */
async function writtenByNodemailer(mail: Mail.Options): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(mail);
  return (info.message as Buffer).toString('utf8');
}

/** Boundaries are random per message and Date is the time of writing: the only bytes allowed to differ. */
const comparable = (message: string) =>
  message.replace(/_NmP-[0-9a-f]+-Part_\d+/g, 'BOUNDARY').replace(/^Date: .*$/m, 'Date: (when)');

const base: Mail.Options = {
  from: 'Hostel Complaint Portal <no-reply@vitbhopal.ac.in>',
  to: ['wifi.support@vitbhopal.ac.in'],
  subject: 'New complaint HC-2026-000123: Wifi, Block-2 room 301',
  text: 'The wifi drops every evening after 9 pm.\n\nOpen it: https://portal.example/complaints/HC-2026-000123\n',
  html: '<p>The wifi drops every evening after 9 pm.</p><p><a href="https://portal.example/c/1">Open it</a></p>',
  messageId: '<0b6f2c1e-1@portal.example>',
  headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
};

describe('composeMessage', () => {
  it.each<[string, Mail.Options]>([
    ['a plain English mail', base],
    [
      'a thread mail with Cc and Reply-To',
      { ...base, cc: ['warden@vitbhopal.ac.in', 'chief.warden@vitbhopal.ac.in'], replyTo: 'student@vitbhopal.ac.in', inReplyTo: '<complaint-1@portal.example>', references: ['<complaint-1@portal.example>'] },
    ],
    [
      'Hindi subject and bodies (base64 and encoded words)',
      { ...base, subject: 'नई शिकायत HC-2026-000123: वाई-फ़ाई, ब्लॉक-2 कमरा 301 — शाम को बार-बार बंद हो जाता है', text: 'नमस्ते,\nवाई-फ़ाई हर शाम 9 बजे के बाद बंद हो जाता है।\n', html: '<p>नमस्ते,</p><p>वाई-फ़ाई हर शाम 9 बजे के बाद बंद हो जाता है।</p>' },
    ],
    [
      'long lines, =, dots and CRLF in what a student wrote (quoted-printable)',
      { ...base, text: `${'a long line with = signs and ünïcode '.repeat(12)}\r\n.\r\n..leading dots\n\ttab`, html: `<p>${'x'.repeat(300)}</p>` },
    ],
    ['a sender name outside ASCII', { ...base, from: 'छात्रावास पोर्टल <no-reply@vitbhopal.ac.in>' }],
  ])('writes %s byte for byte as nodemailer does', async (_, mail) => {
    expect(comparable(composeMessage(mail))).toBe(comparable(await writtenByNodemailer(mail)));
  });

  it('refuses content that is not text instead of writing it wrong', () => {
    expect(() => composeMessage({ ...base, attachments: [{ filename: 'a.txt', content: Buffer.from('x') }] })).toThrow(/text content only/);
  });
});

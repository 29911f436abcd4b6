import { describe, expect, it } from 'vitest';
import { stripReply } from './strip.js';

/**
 * Bodies as the common mail clients write them in text/plain (CRLF where the client sends it):
 * what a person typed survives wherever they typed it, above, between or below the quoted mail;
 * the quote header, the quoted lines and the signature do not.
 */

const PORTAL = 'Hostel Complaint Portal <no-reply@vitbhopal.ac.in>';
const QUESTION = [
  '> Hello Kabir,',
  '>',
  '> the hostel team replied about HC-2026-000123:',
  '>',
  '> Is it both 2.4 and 5 GHz?',
  '>',
  '> You can answer by replying to this e-mail: your answer is added to HC-2026-000123 on the portal.',
];
const crlf = (lines: string[]) => lines.join('\r\n');

describe('Gmail', () => {
  it('top-posted: keeps the answer above "On … wrote:"', () => {
    const body = crlf(['Both bands, since Monday.', 'The 5 GHz one drops every few minutes.', '', `On Mon, 23 Nov 2026 at 10:00, ${PORTAL} wrote:`, '', ...QUESTION, '']);
    expect(stripReply(body)).toBe('Both bands, since Monday.\nThe 5 GHz one drops every few minutes.');
  });

  it('bottom-posted under a header Gmail wrapped over two lines, with a signature: keeps the answer below the quote', () => {
    const body = crlf([
      'On Mon, 23 Nov 2026 at 10:00, Hostel Complaint Portal <',
      'no-reply@vitbhopal.ac.in> wrote:',
      '',
      ...QUESTION,
      '',
      'Both bands, since Monday.',
      'The 5 GHz one drops every few minutes.',
      '',
      '-- ',
      'Kabir Rao',
      '21BCE10111',
      '',
    ]);
    expect(stripReply(body)).toBe('Both bands, since Monday.\nThe 5 GHz one drops every few minutes.');
  });

  it('interleaved: keeps every answer between the quoted lines, one paragraph each', () => {
    const body = crlf([
      `On Mon, 23 Nov 2026 at 10:00, ${PORTAL} wrote:`,
      '> Is it both 2.4 and 5 GHz?',
      '',
      'Both.',
      '',
      '> Since when?',
      'Since Monday.',
      '> Which room exactly?',
      '',
      'Room 312, next to the stairs.',
      'The router is in the corridor.',
      '',
    ]);
    expect(stripReply(body)).toBe('Both.\n\nSince Monday.\n\nRoom 312, next to the stairs.\nThe router is in the corridor.');
  });

  it('text above and below the quote: keeps both', () => {
    const body = crlf(['Hello,', '', `On Mon, 23 Nov 2026 at 10:00, ${PORTAL} wrote:`, ...QUESTION, '', 'Both bands.', 'Thanks']);
    expect(stripReply(body)).toBe('Hello,\n\nBoth bands.\nThanks');
  });

  it('only the quote: nothing is left', () => {
    expect(stripReply(crlf([`On Mon, 23 Nov 2026 at 10:00, ${PORTAL} wrote:`, '', ...QUESTION, '']))).toBe('');
    expect(stripReply(crlf(['', '', `On Mon, 23 Nov 2026 at 10:00, ${PORTAL} wrote:`, ...QUESTION, '', '-- ', 'Kabir Rao']))).toBe('');
  });
});

describe('Outlook', () => {
  const header = [
    '________________________________',
    `From: ${PORTAL}`,
    'Sent: Monday, November 23, 2026 10:00 AM',
    'To: wifi.mailer@vitbhopal.ac.in <wifi.mailer@vitbhopal.ac.in>',
    'Subject: Assigned to you: Wifi Complaint — HC-2026-000123',
  ];

  it('top-posted: drops the From:/Sent: block and the unmarked original under it', () => {
    const body = crlf(['The router in block B is replaced.', '', 'Regards,', 'Wifi team', '', ...header, '', 'HC-2026-000123 is assigned to you.', 'Room 312']);
    expect(stripReply(body)).toBe('The router in block B is replaced.\n\nRegards,\nWifi team');
  });

  it('mobile: drops "Get Outlook for Android" and what follows', () => {
    const body = crlf(['Will check at 5 pm.', '', 'Get Outlook for Android', ...header, '', 'HC-2026-000123 is assigned to you.']);
    expect(stripReply(body)).toBe('Will check at 5 pm.');
  });

  it('"Original Message" with "> " quoting: keeps the answer below the quote', () => {
    const body = crlf([
      '-----Original Message-----',
      `From: ${PORTAL}`,
      'Sent: Monday, November 23, 2026 10:00 AM',
      'To: Kabir Rao <kabir.rao@vitbhopal.ac.in>',
      'Subject: Reply about HC-2026-000123',
      '',
      ...QUESTION,
      '',
      'Both, since Monday.',
    ]);
    expect(stripReply(body)).toBe('Both, since Monday.');
  });

  it('only the quote: nothing is left', () => {
    expect(stripReply(crlf(['', ...header, '', 'HC-2026-000123 is assigned to you.']))).toBe('');
  });

  it("bottom-posted under the portal's own mail quoted without \"> \": keeps what follows its last sentence", () => {
    const body = crlf([
      ...header,
      '',
      'HC-2026-000123 is assigned to you.',
      '',
      'Reply to this e-mail to answer the student: your answer is added to HC-2026-000123 on the portal, where the',
      'student reads it (your e-mail address is not shown to them).',
      '',
      'Checked the router: it was unplugged. Works now.',
      '',
      'Regards,',
      'Wifi team',
    ]);
    expect(stripReply(body)).toBe('Checked the router: it was unplugged. Works now.\n\nRegards,\nWifi team');
    const toStudent = crlf([...header, '', 'the hostel team replied', 'You can answer by replying to this e-mail: your answer is added to HC-2026-000123 on the portal.', 'Still down.']);
    expect(stripReply(toStudent)).toBe('Still down.');
  });
});

describe('Apple Mail and phones', () => {
  const appleQuote = [`> On 23 Nov 2026, at 10:00, ${PORTAL} wrote:`, '> ', ...QUESTION.map((l) => `> ${l}`)];

  it('Apple Mail top-posted', () => {
    expect(stripReply(['It is fixed now, thank you.', '', ...appleQuote, ''].join('\n'))).toBe('It is fixed now, thank you.');
  });

  it('Apple Mail bottom-posted under its own unquoted header', () => {
    const body = [`On 23 Nov 2026, at 10:00, ${PORTAL} wrote:`, '', ...QUESTION, '', 'Only the 5 GHz one.', ''].join('\n');
    expect(stripReply(body)).toBe('Only the 5 GHz one.');
  });

  it('iPhone top-posted: drops "Sent from my iPhone" and the quote', () => {
    expect(stripReply(['Still broken.', '', 'Sent from my iPhone', '', ...appleQuote].join('\n'))).toBe('Still broken.');
  });

  it('iPhone bottom-posted: the answer typed below the quote stays, the signature above it goes', () => {
    expect(stripReply(['', 'Sent from my iPhone', '', ...appleQuote, '', 'Only the 5 GHz one.'].join('\n'))).toBe('Only the 5 GHz one.');
  });

  it('Samsung: "Sent from my Galaxy" and the "Original message" block go', () => {
    const body = crlf([
      'Yes it works now',
      '',
      'Sent from my Galaxy',
      '',
      '',
      '-------- Original message --------',
      `From: ${PORTAL}`,
      'Date: 23/11/2026 10:00 (GMT+05:30)',
      'To: kabir.rao@vitbhopal.ac.in',
      'Subject: Reply about HC-2026-000123',
      '',
      'Is it both 2.4 and 5 GHz?',
    ]);
    expect(stripReply(body)).toBe('Yes it works now');
  });

  it('only the quote and the phone signature: nothing is left', () => {
    expect(stripReply(['Sent from my iPhone', '', ...appleQuote].join('\n'))).toBe('');
  });
});

describe('other clients and words that only look like mail furniture', () => {
  it('Thunderbird, German and French headers', () => {
    expect(stripReply('Erledigt.\n\nAm 23.11.2026 um 10:00 schrieb Hostel Complaint Portal:\n> Ist es behoben?\n')).toBe('Erledigt.');
    expect(stripReply('Le lun. 23 nov. 2026 à 10:00, Hostel Complaint Portal a écrit :\n> Est-ce réparé ?\n\nOui, hier soir.')).toBe('Oui, hier soir.');
    expect(stripReply('On 23/11/2026 10:00, Hostel Complaint Portal wrote:\n> Fixed?\nNot yet.\n')).toBe('Not yet.');
  });

  it('keeps what a person typed that is not followed by a quote', () => {
    expect(stripReply('My roommate wrote:\nthe fan is loud at night.')).toBe('My roommate wrote:\nthe fan is loud at night.');
    expect(stripReply('On Monday the fan broke again.\nThe warden wrote:\n> quote\n')).toBe('On Monday the fan broke again.');
    expect(stripReply('Sent from my room, the wifi is still down. Please come.')).toBe('Sent from my room, the wifi is still down. Please come.');
    expect(stripReply('From: the second floor, the noise is worse.\nSent: a photo earlier')).toBe('From: the second floor, the noise is worse.\nSent: a photo earlier');
    expect(stripReply('The AC -- again -- is off.')).toBe('The AC -- again -- is off.');
  });
});

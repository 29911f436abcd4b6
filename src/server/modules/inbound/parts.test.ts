import { describe, expect, it } from 'vitest';
import { readReplyAddress, replyAddressFor, tokenMatches, isPortalAddress } from '../mail/reply-address.js';
import { headerLines, screenAutomatic, senderAuthenticated } from './screen.js';
import { stripReply } from './strip.js';

const addressing = { address: 'reply@portal.example', secret: 'a-secret-that-only-the-portal-knows' };
const complaint = { id: '7b0c6f5e-6a43-4c54-9c59-0f0b8d0e7a11', number: 'HC-2026-000123' };

describe('reply addresses', () => {
  it('are per complaint and per recipient, and only the recipient they were made for matches', () => {
    const forStudent = replyAddressFor(addressing, complaint, 'Aarav.Sharma@vitbhopal.ac.in');
    const forTeam = replyAddressFor(addressing, complaint, 'wifi.support@vitbhopal.ac.in');
    expect(forStudent).toMatch(/^reply\+hc-2026-000123\.[0-9a-f]{24}@portal\.example$/);
    expect(forStudent).not.toBe(forTeam);
    expect(forStudent.split('@')[0]?.length).toBeLessThanOrEqual(64);

    // Mail servers may fold the case of a local part: the token still reads.
    const token = readReplyAddress(addressing, forStudent.toUpperCase());
    expect(token?.number).toBe('HC-2026-000123');
    if (!token) throw new Error('unreachable');
    expect(tokenMatches(addressing, token, complaint.id, 'aarav.sharma@vitbhopal.ac.in')).toBe(true);
    expect(tokenMatches(addressing, token, complaint.id, 'wifi.support@vitbhopal.ac.in')).toBe(false);
    expect(tokenMatches(addressing, token, 'another-complaint-id', 'aarav.sharma@vitbhopal.ac.in')).toBe(false);
    expect(tokenMatches({ ...addressing, secret: 'another secret' }, token, complaint.id, 'aarav.sharma@vitbhopal.ac.in')).toBe(false);
  });

  it('reads only our own addresses', () => {
    expect(readReplyAddress(addressing, 'reply+hc-2026-000123.abc@elsewhere.example')).toBeUndefined();
    expect(readReplyAddress(addressing, 'other+hc-2026-000123.abc@portal.example')).toBeUndefined();
    expect(readReplyAddress(addressing, 'reply+../../etc@portal.example')).toBeUndefined();
    expect(readReplyAddress(addressing, 'reply@portal.example')).toBeUndefined();
    expect(isPortalAddress(addressing, 'REPLY@portal.example')).toBe(true);
    expect(isPortalAddress(addressing, 'replyx@portal.example')).toBe(false);
  });
});

describe('stripping a reply to what the person typed', () => {
  it('drops the quoted message under "On … wrote:" and the "> " lines', () => {
    const body = 'Yes, both 2.4 and 5 GHz.\nIt started on Monday.\n\nOn Mon, 23 Nov 2026 at 10:00, Hostel Complaint Portal\n<reply@portal.example> wrote:\n> the hostel team replied about HC-2026-000123:\n> is it both 2.4 and 5 GHz?\n';
    expect(stripReply(body)).toBe('Yes, both 2.4 and 5 GHz.\nIt started on Monday.');
  });

  it("drops Outlook's original-message block and header block", () => {
    expect(stripReply('Fixed the router.\r\n\r\n-----Original Message-----\r\nFrom: Portal\r\nSubject: x')).toBe('Fixed the router.');
    expect(stripReply('Fixed it.\n\n________________________________\nFrom: Portal\nSent: Monday\n')).toBe('Fixed it.');
    expect(stripReply('On it.\n\nFrom: Hostel Complaint Portal <no-reply@vitbhopal.ac.in>\nSent: Monday, 23 November 2026 10:00\nTo: wifi\n')).toBe('On it.');
  });

  it('drops signatures and "sent from my phone" lines, keeps words that only look similar', () => {
    expect(stripReply('Thanks, it works now.\n-- \nAarav Sharma\n21BCE10001')).toBe('Thanks, it works now.');
    expect(stripReply('Coming at 5 pm.\n\nSent from my iPhone')).toBe('Coming at 5 pm.');
    expect(stripReply('From: the second floor, the noise is worse.')).toBe('From: the second floor, the noise is worse.');
    expect(stripReply('> only a quote\n')).toBe('');
  });
});

const headers = (lines: string[]) => headerLines(lines.map((line) => ({ key: line.slice(0, line.indexOf(':')), line })));
const ours = (a: string) => a.endsWith('@portal.example') || a === 'no-reply@vitbhopal.ac.in';

describe('screening automatic mail', () => {
  it('drops auto-replies, bulk and list mail, bounces and our own mail coming back', () => {
    const person = 'aarav.sharma@vitbhopal.ac.in';
    expect(screenAutomatic(headers(['Subject: Re: x']), person, person, ours)).toBeUndefined();
    expect(screenAutomatic(headers(['Auto-Submitted: no']), person, person, ours)).toBeUndefined();
    expect(screenAutomatic(headers(['Auto-Submitted: auto-replied']), person, person, ours)).toBe('auto_reply');
    expect(screenAutomatic(headers(['X-Autoreply: yes']), person, person, ours)).toBe('auto_reply');
    expect(screenAutomatic(headers(['Precedence: bulk']), person, person, ours)).toBe('bulk');
    expect(screenAutomatic(headers(['Precedence: junk']), person, person, ours)).toBe('bulk');
    expect(screenAutomatic(headers(['Precedence: list']), person, person, ours)).toBe('bulk');
    expect(screenAutomatic(headers(['List-Id: <x.lists.example>']), person, person, ours)).toBe('bulk');
    expect(screenAutomatic(headers([]), '', person, ours)).toBe('bounce');
    expect(screenAutomatic(headers([]), 'mailer-daemon@vitbhopal.ac.in', 'MAILER-DAEMON@vitbhopal.ac.in', ours)).toBe('bounce');
    expect(screenAutomatic(headers([]), 'no-reply@vitbhopal.ac.in', 'no-reply@vitbhopal.ac.in', ours)).toBe('loop');
    expect(screenAutomatic(headers(['X-Loop: portal']), person, person, ours)).toBe('loop');
  });
});

describe('sender authentication from the trusted upstream server only', () => {
  const sender = 'aarav.sharma@vitbhopal.ac.in';
  it('trusts the topmost Authentication-Results of the configured server', () => {
    expect(senderAuthenticated(headers(['Authentication-Results: mx.portal.example; dkim=pass header.d=vitbhopal.ac.in; spf=fail']), 'mx.portal.example', sender)).toBe(true);
    expect(senderAuthenticated(headers(['Authentication-Results: mx.portal.example; spf=pass smtp.mailfrom=aarav.sharma@vitbhopal.ac.in']), 'mx.portal.example', sender)).toBe(true);
  });
  it('refuses failures, other domains, other servers and results written lower down by the sender', () => {
    expect(senderAuthenticated(headers(['Authentication-Results: mx.portal.example; dkim=fail header.d=vitbhopal.ac.in']), 'mx.portal.example', sender)).toBe(false);
    expect(senderAuthenticated(headers(['Authentication-Results: mx.portal.example; dkim=pass header.d=evil.example']), 'mx.portal.example', sender)).toBe(false);
    expect(senderAuthenticated(headers(['Authentication-Results: mx.evil.example; dkim=pass header.d=vitbhopal.ac.in']), 'mx.portal.example', sender)).toBe(false);
    expect(
      senderAuthenticated(
        headers(['Authentication-Results: mx.portal.example; dkim=none', 'Authentication-Results: mx.portal.example; dkim=pass header.d=vitbhopal.ac.in']),
        'mx.portal.example',
        sender,
      ),
    ).toBe(false);
    expect(senderAuthenticated(headers([]), 'mx.portal.example', sender)).toBe(false);
  });
});

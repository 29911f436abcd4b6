import { describe, expect, it } from 'vitest';
import { autoSubmittedFor, refusalMail } from './refusal-templates.js';

const complaint = { number: 'HC-2026-000123', status: 'withdrawn' as const, complaintHead: 'Wifi <b>"Complaint"</b> & more' };
const links = { complaintUrl: 'https://portal.example/my/HC-2026-000123?a=1&b=<2>', newComplaintUrl: 'https://portal.example/complaints' };

describe('the answer to a mail that was not added', () => {
  it('escapes every value in the HTML part, links included', () => {
    for (const reason of ['finished', 'empty'] as const) {
      const mail = refusalMail(complaint, reason, links);
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('Wifi &lt;b&gt;&quot;Complaint&quot;&lt;/b&gt; &amp; more');
      expect(mail.html).toContain('href="https://portal.example/my/HC-2026-000123?a=1&amp;b=&lt;2&gt;"');
      expect(mail.text).toContain(links.complaintUrl);
      expect(mail.subject).toBe('Your mail about HC-2026-000123 was not added');
    }
  });

  it('says why in plain words: finished (with the way to a new complaint for the student) or nothing new', () => {
    expect(refusalMail(complaint, 'finished', links).text).toContain('HC-2026-000123 is withdrawn, so your mail was not added. File a new complaint: https://portal.example/complaints');
    expect(refusalMail(complaint, 'finished', { complaintUrl: links.complaintUrl }).text).not.toContain('File a new complaint');
    expect(refusalMail(complaint, 'empty', links).text).toContain('We could not find any new text in your mail');
  });

  it('is sent as an automatic reply; everything else stays auto-generated', () => {
    expect(autoSubmittedFor('reply_refused')).toBe('auto-replied');
    expect(autoSubmittedFor('reply')).toBe('auto-generated');
  });
});

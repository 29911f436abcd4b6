import { describe, expect, it } from 'vitest';
import { outcomeOf } from './dispatcher.js';
import { pushMessage, pushTopic } from './message.js';

describe("what a push service's answer means", () => {
  it('accepted, gone for good, worth another try, or never going to work', () => {
    expect(outcomeOf(201, '')).toEqual({ kind: 'sent' });
    expect(outcomeOf(202, '')).toEqual({ kind: 'sent' });
    expect(outcomeOf(404, '')).toEqual({ kind: 'gone' });
    expect(outcomeOf(410, '')).toEqual({ kind: 'gone' });
    expect(outcomeOf(429, 'slow down').kind).toBe('retry');
    expect(outcomeOf(503, '').kind).toBe('retry');
    expect(outcomeOf(413, 'payload too large')).toEqual({ kind: 'failed', why: 'push service answered 413: payload too large' });
    expect(outcomeOf(401, '').kind).toBe('failed');
  });
});

describe('the push a reader gets', () => {
  const complaint = { number: 'HC-2026-000042', studentId: 'student-1' };

  it("opens the student's own page for the student and the console's for everyone else, one tag per complaint", () => {
    expect(pushMessage(complaint, 'student-1', 'Acknowledged')).toEqual({ title: 'HC-2026-000042', body: 'Acknowledged', url: '/my/HC-2026-000042', tag: 'HC-2026-000042' });
    expect(pushMessage(complaint, 'warden-7', 'Late')).toMatchObject({ url: '/staff/complaints/HC-2026-000042', tag: 'HC-2026-000042' });
    expect(pushMessage(null, 'anyone', 'Hello')).toEqual({ title: 'Hostel Complaint Portal', body: 'Hello', url: '/', tag: 'portal' });
  });

  it('keeps a long text short enough for one encrypted record', () => {
    const body = pushMessage(complaint, 'student-1', '😀'.repeat(2000)).body;
    expect([...body]).toHaveLength(500);
    expect(Buffer.byteLength(JSON.stringify({ title: complaint.number, body, url: '/my/x', tag: complaint.number }))).toBeLessThan(4096 - 17);
  });

  it('keeps the Topic header within what RFC 8030 allows', () => {
    expect(pushTopic('HC-2026-000042')).toBe('HC-2026-000042');
    expect(pushTopic('a b/c'.repeat(20))).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(pushTopic('///')).toBe('portal');
  });
});

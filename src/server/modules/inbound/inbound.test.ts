import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { complaintEvents, complaints, inboundMail, outbox } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { freePort } from '../../../../tests/support/net.js';
import type { SmtpSink, ReceivedMail } from '../../../../tests/support/smtp-sink.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Replies by mail, both ways, over real SMTP: the portal's mail goes to a local sink with a reply
 * address made for each recipient and one thread id; answers are sent with nodemailer to the
 * portal's own listener, and land in the complaint's thread once — or are dropped when forged,
 * automatic, or from someone the address was not made for.
 */

let portal: TestApp;
let sink: SmtpSink;
let inboundPort: number;
let staff: ApiClient;
let admin: ApiClient;
let student: ApiClient;
let staffId: string;

const STUDENT = 'kabir.rao@vitbhopal.ac.in';
const STAFF = 'wifi.mailer@vitbhopal.ac.in';

// The listener's port is chosen before the portal starts (this hook runs before the fixtures').
const env: Record<string, string> = {
  ...RELAXED_LIMITS,
  MAIL_FROM: 'Hostel Complaint Portal <no-reply@vitbhopal.ac.in>',
  INBOUND_REPLY_ADDRESS: 'reply@portal.test',
};
beforeAll(async () => {
  inboundPort = await freePort();
  env.INBOUND_SMTP_PORT = String(inboundPort);
});
const test = portalTest({
  env,
  mail: true,
  admin: { email: 'mail.admin@vitbhopal.ac.in', name: 'Mail Admin' },
  staff: {
    email: STAFF,
    name: 'Wifi Mailer',
    role: 'staff',
    scopes: [{ category: 'wifi', hostel: '' }, { category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }],
  },
  student: { email: STUDENT, name: 'Kabir Rao 21BCE10111' },
});
test.beforeAll(({ portal: app, sink: mail, admin: a, staff: mailer, student: kabir }) => {
  [portal, sink, admin, staff, student, staffId] = [app, mail, a, mailer, kabir, mailer.user.id];
});

const client = () => nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
const db = () => portal.database.db;

/** The mail the sink got about `number` for `recipient` with `purpose`-like subject, once it arrived. */
async function mailTo(recipient: string, subjectPart: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = sink.to(recipient).find((m) => (m.parsed.subject ?? '').includes(subjectPart))), { timeout: 15_000 })
    .toBeDefined();
  if (!found) throw new Error('unreachable');
  return found;
}

const replyToOf = (mail: ReceivedMail) => mail.parsed.replyTo?.value[0]?.address ?? '';

async function fileAndAssign(over: Record<string, unknown> = {}) {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status).toBe(201);
  const number = String(filed.body.number);
  // Given by someone else, so the assignee gets the assignment mail.
  expect((await admin.send('POST', `/api/staff/complaints/${number}/assign`, { assigneeId: staffId })).status).toBeLessThan(300);
  return number;
}

/** The portal's answers to mail it did not add to the complaint's thread. */
async function refusalsAbout(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'reply_refused')));
}

async function repliesIn(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  return db()
    .select()
    .from(complaintEvents)
    .where(and(eq(complaintEvents.complaintId, row?.id ?? ''), eq(complaintEvents.kind, 'reply')));
}

describe('outgoing mail carries a personal reply address and one thread', () => {
  it('gives the student and the team different reply addresses and the same References', async () => {
    const number = await fileAndAssign();
    const ack = await mailTo(STUDENT, `We received your complaint — ${number}`);
    const facility = await mailTo('wifi.support@vitbhopal.ac.in', number);
    const assigned = await mailTo(STAFF, `Assigned to you: Wifi Complaint — ${number}`);
    const lower = number.toLowerCase();
    for (const mail of [ack, facility, assigned]) expect(replyToOf(mail)).toMatch(new RegExp(`^reply\\+${lower}\\.[0-9a-f]{24}@portal\\.test$`));
    expect(new Set([replyToOf(ack), replyToOf(facility), replyToOf(assigned)]).size).toBe(3);
    const thread = ack.parsed.inReplyTo;
    expect(thread).toMatch(/^<complaint-[0-9a-f-]+@127\.0\.0\.1>$/);
    for (const mail of [facility, assigned]) {
      expect(mail.parsed.inReplyTo).toBe(thread);
      expect(mail.parsed.references).toEqual(thread);
    }
    expect(ack.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    // Plain words, and no invitation to write to the student's own inbox.
    expect(facility.parsed.text).not.toMatch(/complaintHead|roomNo|userEmail|toEmail/);
    expect(facility.parsed.text).toContain('Reply to this e-mail to answer the student');
    expect(facility.parsed.replyTo?.text).not.toContain(STUDENT);
  });

  it('does not invite a reply to a finished complaint', async () => {
    const number = await fileAndAssign();
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'rejected', note: 'Duplicate of another complaint' })).status).toBe(200);
    const rejected = await mailTo(STUDENT, `${number} is now Rejected`);
    expect(rejected.parsed.replyTo).toBeUndefined();
    expect(rejected.parsed.text).not.toContain('replying to this e-mail');
  });
});

describe('answers by mail land in the thread', () => {
  it("posts the student's answer once, without the quoted mail or the signature, and tells the assignee", async () => {
    const number = await fileAndAssign();
    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Is it both 2.4 and 5 GHz?', internal: false })).status).toBe(204);
    const question = await mailTo(STUDENT, `Reply about ${number}`);
    const message = {
      from: `Kabir Rao <${STUDENT}>`,
      to: replyToOf(question),
      subject: `Re: ${question.parsed.subject ?? ''}`,
      inReplyTo: question.parsed.messageId,
      messageId: `<answer-${number}@mail.vitbhopal.ac.in>`,
      text: `Both bands, since Monday.\n\nOn Mon, 23 Nov 2026, Hostel Complaint Portal <no-reply@vitbhopal.ac.in> wrote:\n> Is it both 2.4 and 5 GHz?\n\n-- \nKabir Rao\n21BCE10111\n`,
    };
    await client().sendMail(message);
    await expect.poll(async () => (await repliesIn(number)).map((e) => e.note), { timeout: 10_000 }).toEqual(['Is it both 2.4 and 5 GHz?', 'Both bands, since Monday.']);
    // The same mail again (a relay retrying): still once.
    await client().sendMail(message);
    await expect.poll(async () => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, message.messageId))).length).toBe(1);
    const [posted] = (await repliesIn(number)).filter((e) => e.channel === 'mail');
    expect(posted?.note).toBe('Both bands, since Monday.');
    expect((await repliesIn(number)).length).toBe(2);

    // The assignee hears of it, with their own reply address; the student's view says it came by mail.
    const told = await mailTo(STAFF, `Student replied: Wifi Complaint — ${number}`);
    expect(told.parsed.text).toContain('Both bands, since Monday.');
    expect(replyToOf(told)).toMatch(/^reply\+hc-/);
    const mine = await student.get(`/api/complaints/${number}`);
    expect((mine.body.timeline as Array<{ note: string; byMail: boolean; by: string }>).find((e) => e.note === 'Both bands, since Monday.')).toMatchObject({ byMail: true, by: 'You' });
  });

  it("posts the staff member's answer by mail as a reply the student gets", async () => {
    const number = await fileAndAssign();
    const assigned = await mailTo(STAFF, `Assigned to you: Wifi Complaint — ${number}`);
    await client().sendMail({ from: STAFF, to: replyToOf(assigned), subject: 'Re: assigned', text: 'I will come at 5 pm.\n\nSent from my iPhone' });
    await expect.poll(async () => (await repliesIn(number)).map((e) => [e.note, e.actorId, e.channel])).toEqual([['I will come at 5 pm.', staffId, 'mail']]);
    const toStudent = await mailTo(STUDENT, `Reply about ${number}`);
    expect(toStudent.parsed.text).toContain('I will come at 5 pm.');
  });

  it('posts an answer whose text or Message-ID holds a NUL character, without it, instead of failing it again and again', async () => {
    const number = await fileAndAssign();
    const assigned = await mailTo(STAFF, `Assigned to you: Wifi Complaint — ${number}`);
    const raw = [
      `From: ${STAFF}`,
      `To: ${replyToOf(assigned)}`,
      'Subject: Re: assigned',
      `Message-ID: <nul-\u0000-${number}@mail.vitbhopal.ac.in>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Router=00 restarted.',
      '',
    ].join('\r\n');
    await client().sendMail({ envelope: { from: STAFF, to: [replyToOf(assigned)] }, raw });
    await expect.poll(async () => (await repliesIn(number)).map((e) => e.note)).toEqual(['Router restarted.']);
  });

  it('reads an answer written in HTML only, without the quoted part', async () => {
    const number = await fileAndAssign();
    const assigned = await mailTo(STAFF, `Assigned to you: Wifi Complaint — ${number}`);
    await client().sendMail({
      from: STAFF,
      to: replyToOf(assigned),
      subject: 'Re: assigned',
      html: '<div>New access point <b>installed</b>.<br>Please check tonight.</div><blockquote>Assigned to you: Wifi Complaint</blockquote>',
    });
    await expect.poll(async () => (await repliesIn(number)).map((e) => e.note)).toEqual(['New access point installed.\nPlease check tonight.']);
  });

  it("posts the facility mailbox's answer as the team's, under its address", async () => {
    const filed = await student.post('/api/complaints', aComplaint());
    const number = String(filed.body.number);
    const facility = await mailTo('wifi.support@vitbhopal.ac.in', number);
    await client().sendMail({ from: 'wifi.support@vitbhopal.ac.in', to: replyToOf(facility), subject: 'Re', text: 'Router restarted.' });
    await expect.poll(async () => (await repliesIn(number)).map((e) => [e.note, e.actorId, e.actorAddress])).toEqual([['Router restarted.', null, 'wifi.support@vitbhopal.ac.in']]);
    const detail = await staff.get(`/api/staff/complaints/${number}`);
    expect((detail.body.timeline as Array<{ note: string; by: string }>).find((e) => e.note === 'Router restarted.')?.by).toBe('wifi.support@vitbhopal.ac.in');
  });

  it('drops forged tokens, other senders, auto-replies and bulk mail, and records why', async () => {
    const number = await fileAndAssign();
    const ack = await mailTo(STUDENT, `We received your complaint — ${number}`);
    const address = replyToOf(ack);
    const forged = address.replace(/\.[0-9a-f]{24}@/, `.${'0'.repeat(24)}@`);
    const sends = [
      { reason: 'token_mismatch', mail: { from: STUDENT, to: forged, subject: 'Re', text: 'forged token', messageId: `<forged-${number}@x>` } },
      { reason: 'token_mismatch', mail: { from: 'someone.else@vitbhopal.ac.in', to: address, subject: 'Re', text: 'wrong sender', messageId: `<wrong-${number}@x>` } },
      { reason: 'auto_reply', mail: { from: STUDENT, to: address, subject: 'Out of office', text: 'I am away', messageId: `<ooo-${number}@x>`, headers: { 'Auto-Submitted': 'auto-replied' } } },
      { reason: 'bulk', mail: { from: STUDENT, to: address, subject: 'News', text: 'bulk', messageId: `<bulk-${number}@x>`, headers: { Precedence: 'bulk' } } },
    ];
    for (const { mail } of sends) await client().sendMail(mail);
    for (const { reason, mail } of sends) {
      await expect.poll(async () => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, mail.messageId)))[0]?.reason).toBe(reason);
    }
    expect(await repliesIn(number)).toEqual([]);
    // Nobody was told anything either.
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(await db().select().from(outbox).where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'student_reply')))).toEqual([]);
    expect(await refusalsAbout(number)).toEqual([]);
  });

  it('posts an answer written below the quote (bottom-posted) to the thread', async () => {
    const number = await fileAndAssign();
    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Is it both 2.4 and 5 GHz?', internal: false })).status).toBe(204);
    const question = await mailTo(STUDENT, `Reply about ${number}`);
    const quoted = (question.parsed.text ?? '').trimEnd().split('\n').map((line) => `> ${line}`.trimEnd());
    await client().sendMail({
      from: `Kabir Rao <${STUDENT}>`,
      to: replyToOf(question),
      subject: `Re: ${question.parsed.subject ?? ''}`,
      messageId: `<bottom-${number}@mail.vitbhopal.ac.in>`,
      // Gmail folds a long quote header over two lines.
      text: [
        'On Mon, 23 Nov 2026 at 10:00, Hostel Complaint Portal <',
        'no-reply@vitbhopal.ac.in> wrote:',
        '',
        ...quoted,
        '',
        'Both bands, since Monday.',
        'The 5 GHz one drops every few minutes.',
        '',
        '-- ',
        'Kabir Rao',
        '',
      ].join('\r\n'),
    });
    await expect.poll(async () => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, `<bottom-${number}@mail.vitbhopal.ac.in>`)))[0]?.outcome).toBe('posted');
    expect((await repliesIn(number)).map((e) => e.note)).toEqual(['Is it both 2.4 and 5 GHz?', 'Both bands, since Monday.\nThe 5 GHz one drops every few minutes.']);
    expect(await refusalsAbout(number)).toEqual([]);
  });

  it('posts an answer written below the whole assignment mail quoted Outlook-style, without "> "', async () => {
    const number = await fileAndAssign();
    const assigned = await mailTo(STAFF, `Assigned to you: Wifi Complaint — ${number}`);
    await client().sendMail({
      from: STAFF,
      to: replyToOf(assigned),
      subject: `RE: ${assigned.parsed.subject ?? ''}`,
      messageId: `<outlook-bottom-${number}@mail.vitbhopal.ac.in>`,
      text: [
        '________________________________',
        'From: Hostel Complaint Portal <no-reply@vitbhopal.ac.in>',
        'Sent: Monday, November 23, 2026 10:00 AM',
        `To: ${STAFF}`,
        `Subject: ${assigned.parsed.subject ?? ''}`,
        '',
        (assigned.parsed.text ?? '').trimEnd(),
        '',
        'The router was unplugged; it works again.',
      ].join('\r\n'),
    });
    await expect.poll(async () => (await repliesIn(number)).map((e) => e.note)).toEqual(['The router was unplugged; it works again.']);
  });

  it('refuses recipients that are not the reply address at the SMTP level', async () => {
    await expect(client().sendMail({ from: STUDENT, to: 'someone@elsewhere.example', subject: 'relay?', text: 'no' })).rejects.toThrow(/550/);
  });

  it('keeps a confidential complaint confidential both ways', async () => {
    const number = await fileAndAssign({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors at night.' });
    const ack = await mailTo(STUDENT, `We received your ragging report — ${number}`);
    await client().sendMail({ from: `Kabir Rao <${STUDENT}>`, to: replyToOf(ack), subject: 'Re', text: 'It was Kabir Rao, 21BCE10111, who saw it.', messageId: `<conf-${number}@x>` });
    await expect.poll(async () => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, `<conf-${number}@x>`)))[0]?.outcome).toBe('posted');
    const told = await mailTo(STAFF, `Student replied: Ragging Complaint — ${number}`);
    expect(told.raw).not.toContain(STUDENT);
    expect(told.raw).not.toContain('21BCE10111');
    expect(told.raw).not.toContain('Kabir');
    expect(told.parsed.text).toContain('It was [withheld] [withheld], [withheld], who saw it.');
    expect(replyToOf(told)).toMatch(/^reply\+hc-.*@portal\.test$/);
  });
});

describe('a genuine sender whose mail is not added is told why, once', () => {
  /** Waits until the mail with this Message-ID was handled, and returns why it was dropped. */
  const reasonFor = async (messageId: string) => {
    await expect.poll(async () => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, messageId)))[0]?.outcome).toBe('dropped');
    const [row] = await db().select().from(inboundMail).where(eq(inboundMail.messageId, messageId));
    return row?.reason;
  };

  it('answers mail about a closed complaint once, with a link to it and to a new complaint, marked auto-replied', async () => {
    const number = await fileAndAssign();
    const ack = await mailTo(STUDENT, `We received your complaint — ${number}`);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved' })).status).toBe(200);
    expect((await student.send('POST', `/api/complaints/${number}/confirm`, { rating: 5 })).status).toBe(200);
    const late = { from: `Kabir Rao <${STUDENT}>`, to: replyToOf(ack), subject: 'Re: it is back', text: 'The wifi is down again.', messageId: `<late-${number}@x>` };
    await client().sendMail(late);
    expect(await reasonFor(late.messageId)).toBe('finished');
    expect(await repliesIn(number)).toEqual([]);

    const answer = await mailTo(STUDENT, `Your mail about ${number} was not added`);
    expect(answer.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    // Nobody answers it into a thread: it carries no reply address.
    expect(answer.parsed.replyTo).toBeUndefined();
    expect(answer.parsed.text).toContain(`${number} is closed, so your mail was not added. File a new complaint: ${portal.baseUrl}/complaints`);
    expect(answer.parsed.text).toContain(`${portal.baseUrl}/my/${number}`);
    expect(answer.parsed.html).toContain(`href="${portal.baseUrl}/my/${number}"`);

    // The same mail again (a relay retrying), and another one within the hour: no second answer.
    await client().sendMail(late);
    const again = { ...late, text: 'Hello? It is still down.', messageId: `<late-again-${number}@x>` };
    await client().sendMail(again);
    expect(await reasonFor(again.messageId)).toBe('finished');
    expect((await db().select().from(inboundMail).where(eq(inboundMail.messageId, late.messageId))).length).toBe(1);
    expect((await refusalsAbout(number)).map((r) => r.toEmails)).toEqual([[STUDENT]]);
  });

  it('answers a mail with no new text once, linking the complaint', async () => {
    const number = await fileAndAssign();
    const ack = await mailTo(STUDENT, `We received your complaint — ${number}`);
    const quoteOnly = {
      from: STUDENT,
      to: replyToOf(ack),
      subject: 'Re',
      text: 'On Mon, 23 Nov 2026 at 10:00, Hostel Complaint Portal <no-reply@vitbhopal.ac.in> wrote:\n> We received your complaint\n\nSent from my iPhone\n',
      messageId: `<quote-only-${number}@x>`,
    };
    await client().sendMail(quoteOnly);
    expect(await reasonFor(quoteOnly.messageId)).toBe('empty');
    const answer = await mailTo(STUDENT, `Your mail about ${number} was not added`);
    expect(answer.parsed.text).toContain('We could not find any new text in your mail');
    expect(answer.parsed.text).toContain(`${portal.baseUrl}/my/${number}`);
    expect(answer.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    await client().sendMail(quoteOnly);
    await client().sendMail({ ...quoteOnly, messageId: `<quote-only-2-${number}@x>` });
    expect(await reasonFor(`<quote-only-2-${number}@x>`)).toBe('empty');
    expect((await refusalsAbout(number)).length).toBe(1);
  });

  it("answers the team in the staff console's words when they write to a finished complaint", async () => {
    const number = await fileAndAssign();
    const assigned = await mailTo(STAFF, `Assigned to you: Wifi Complaint — ${number}`);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'rejected', note: 'Duplicate of another complaint' })).status).toBe(200);
    await client().sendMail({ from: STAFF, to: replyToOf(assigned), subject: 'Re', text: 'Done anyway.', messageId: `<staff-late-${number}@x>` });
    expect(await reasonFor(`<staff-late-${number}@x>`)).toBe('finished');
    const answer = await mailTo(STAFF, `Your mail about ${number} was not added`);
    expect(answer.parsed.text).toContain(`${number} is rejected, so your mail was not added.`);
    expect(answer.parsed.text).toContain(`${portal.baseUrl}/staff/complaints/${number}`);
    expect(answer.parsed.text).not.toContain('File a new complaint');
  });

  it('tells forgers, auto-replies, bulk and looping mail nothing, even about a finished complaint', async () => {
    const number = await fileAndAssign();
    const ack = await mailTo(STUDENT, `We received your complaint — ${number}`);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'rejected', note: 'Duplicate of another complaint' })).status).toBe(200);
    const address = replyToOf(ack);
    const forged = address.replace(/\.[0-9a-f]{24}@/, `.${'0'.repeat(24)}@`);
    const sends = [
      { reason: 'token_mismatch', mail: { from: STUDENT, to: forged, subject: 'Re', text: 'forged token', messageId: `<f-forged-${number}@x>` } },
      { reason: 'token_mismatch', mail: { from: 'someone.else@vitbhopal.ac.in', to: address, subject: 'Re', text: 'wrong sender', messageId: `<f-wrong-${number}@x>` } },
      { reason: 'auto_reply', mail: { from: STUDENT, to: address, subject: 'Out of office', text: 'I am away', messageId: `<f-ooo-${number}@x>`, headers: { 'Auto-Submitted': 'auto-replied' } } },
      { reason: 'bulk', mail: { from: STUDENT, to: address, subject: 'News', text: 'bulk', messageId: `<f-bulk-${number}@x>`, headers: { Precedence: 'bulk' } } },
      { reason: 'loop', mail: { from: STUDENT, to: address, subject: 'Re', text: 'loop', messageId: `<f-loop-${number}@x>`, headers: { 'X-Loop': 'portal' } } },
    ];
    for (const { mail } of sends) await client().sendMail(mail);
    for (const { reason, mail } of sends) expect(await reasonFor(mail.messageId)).toBe(reason);
    expect(await refusalsAbout(number)).toEqual([]);
  });
});

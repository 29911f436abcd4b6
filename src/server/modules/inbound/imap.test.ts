import { and, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintEvents, complaints, inboundMail, outbox } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { TestImapServer, hasDovecot } from '../../../../tests/support/dovecot.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';

/**
 * Replies read from a mailbox over IMAP (INBOUND_IMAP_URL), against a real dovecot started for this
 * file. Skipped, saying so, where dovecot is not installed (`apt-get install dovecot-imapd`; CI
 * installs it).
 */

const STUDENT = { email: 'tara.nair@vitbhopal.ac.in', name: 'Tara Nair 21BCE10411' };

describe.skipIf(!hasDovecot())('replies from an IMAP mailbox (a real dovecot; skipped where dovecot-imapd is not installed)', () => {
  let imap: TestImapServer;
  let portal: TestApp;
  let student: ApiClient;

  beforeAll(async () => {
    imap = await TestImapServer.start();
    portal = await startTestApp({
      ...RELAXED_LIMITS,
      INBOUND_REPLY_ADDRESS: 'reply@portal.test',
      INBOUND_IMAP_URL: imap.url,
      INBOUND_IMAP_POLL_SECONDS: '0.2',
    });
    student = await ApiClient.withSession(portal, STUDENT);
  });
  afterAll(async () => {
    await portal?.close();
    await imap?.stop();
  });

  /** Delivers a message into the mailbox as the mail server would, with the recipient in Delivered-To. */
  async function deliver(raw: string) {
    const client = new ImapFlow({ host: '127.0.0.1', port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
    await client.connect();
    await client.append('INBOX', raw.replace(/\n/g, '\r\n'));
    await client.logout();
  }

  async function seenCount(): Promise<number> {
    const client = new ImapFlow({ host: '127.0.0.1', port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    try {
      return ((await client.search({ seen: true })) || []).length;
    } finally {
      lock.release();
      await client.logout();
    }
  }

  it('posts a reply once, drops an auto-reply, and marks both seen', async () => {
    const filed = await student.post('/api/complaints', aComplaint({ complaint: 'No wifi in the reading room.' }));
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, number));
    const [ack] = await portal.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'acknowledgement')));
    const address = ack?.replyTo ?? '';
    expect(address).toMatch(/^reply\+hc-/);

    const reply = [
      `Delivered-To: ${address}`,
      `From: Tara Nair <${STUDENT.email}>`,
      `To: ${address}`,
      `Subject: Re: We received your complaint — ${number}`,
      `Message-ID: <imap-${number}@mail.vitbhopal.ac.in>`,
      '',
      'It is back now, thank you.',
      '',
      '> your complaint is registered',
      '',
    ].join('\n');
    const auto = reply
      .replace(`Message-ID: <imap-${number}@`, `Auto-Submitted: auto-replied\nMessage-ID: <ooo-${number}@`)
      .replace('It is back now, thank you.', 'I am on leave.');
    await deliver(reply);
    await deliver(auto);
    // The same mail again, as a second copy in the mailbox: still posted once.
    await deliver(reply);

    await expect.poll(seenCount, { timeout: 15_000 }).toBe(3);
    const replies = await portal.database.db
      .select()
      .from(complaintEvents)
      .where(and(eq(complaintEvents.complaintId, row?.id ?? ''), eq(complaintEvents.kind, 'reply')));
    expect(replies.map((e) => [e.note, e.channel])).toEqual([['It is back now, thank you.', 'mail']]);
    const [dropped] = await portal.database.db.select().from(inboundMail).where(eq(inboundMail.messageId, `<ooo-${number}@mail.vitbhopal.ac.in>`));
    expect(dropped).toMatchObject({ outcome: 'dropped', reason: 'auto_reply' });
  });
});

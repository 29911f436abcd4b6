import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { SmtpSink } from '../../../../tests/support/smtp-sink.js';
import { openTestDatabase } from '../../../../tests/support/test-db.js';
import { MailDispatcher } from './dispatcher.js';
import { collectingMail, type MailHandover } from './handover.js';
import { enqueueMail } from './outbox.js';

const opened: Array<{ stop(): Promise<void> }> = [];
let database: Database | undefined;
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.stop();
  await database?.close();
});

async function sink(): Promise<SmtpSink> {
  const started = await SmtpSink.start(undefined, { parse: false });
  opened.push(started);
  return started;
}

/** A dispatcher as an instance runs it, polling rarely unless told otherwise: the tests say when a pass runs. */
async function dispatcher(db: Database, smtp: SmtpSink, opts: { pollIntervalMs?: number; leaseMs?: number } = {}): Promise<MailDispatcher> {
  const started = new MailDispatcher({
    db: db.db,
    log: pino({ level: 'silent' }),
    smtpUrl: smtp.url,
    from: 'Portal <no-reply@vitbhopal.ac.in>',
    pollIntervalMs: opts.pollIntervalMs ?? 600_000,
    retryBaseMs: 1000,
    retryHorizonMs: 60_000,
    leaseMs: opts.leaseMs ?? 60_000,
  });
  await started.start();
  opened.push(started);
  return started;
}

/** A lifecycle transaction's worth of mail: queued on the transaction, collected into `handover`. */
async function commitMail(db: Database, handover: MailHandover | undefined, subjects: string[]): Promise<string[]> {
  return db.db.transaction((tx) =>
    collectingMail(tx, handover, (t) =>
      enqueueMail(
        t,
        subjects.map((subject) => ({ purpose: 'facility', to: ['wifi.support@vitbhopal.ac.in'], subject, text: subject, html: `<p>${subject}</p>` })),
        { smtpConfigured: true, messageDomain: 'portal.test' },
      ),
    ),
  );
}

const rowsOf = (db: Database, ids: string[]) => db.db.select().from(outbox).where(inArray(outbox.id, ids));

describe('mail handed to the dispatcher on commit', () => {
  it('is stored leased to its instance, so another instance’s pass leaves it, and is sent once and recorded without a pass', async () => {
    database = await openTestDatabase();
    const ours = await sink();
    const theirs = await sink();
    // This instance's first pass sends what was queued before it started; then it sleeps.
    await commitMail(database, undefined, ['Queued before the start']);
    const instance = await dispatcher(database, ours);
    await ours.waitFor(1);
    // Another instance polling all the time: it must never take mail handed to this one.
    await dispatcher(database, theirs, { pollIntervalMs: 20 });

    const handover = instance.handover();
    if (!handover) throw new Error('a running dispatcher takes handovers');
    const ids = await commitMail(database, handover, ['Fan not working', 'Acknowledgement']);
    const stored = await rowsOf(database, ids);
    expect(stored.map((row) => [row.status, row.attempts, row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now()])).toEqual([
      ['queued', 1, true],
      ['queued', 1, true],
    ]);
    // A mail queued after them without a handover: once the other instance has sent it, its passes
    // have gone over the handed-over rows too.
    await commitMail(database, undefined, ['Queued for any instance']);
    await theirs.waitFor(1);
    expect(theirs.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).toEqual(['Queued for any instance']);

    instance.sendCommitted(handover);
    await ours.waitFor(3);
    await expect.poll(async () => (await rowsOf(database!, ids)).map((row) => `${row.status} ${row.attempts} ${row.lockedUntil === null}`)).toEqual(['sent 1 true', 'sent 1 true']);
    expect(ours.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]).sort()).toEqual(['Acknowledgement', 'Fan not working', 'Queued before the start']);
    expect(theirs.received).toHaveLength(1);
  });

  it('is sent by another instance once the lease runs out when its own instance died before sending it', async () => {
    database = await openTestDatabase();
    const survivor = await sink();
    const dead = await sink();
    // The dying instance's first pass is over before anything is handed to it; it polls no more.
    await commitMail(database, undefined, ['Queued before the start']);
    const dying = await dispatcher(database, dead, { leaseMs: 400 });
    await dead.waitFor(1);
    await dispatcher(database, survivor, { pollIntervalMs: 50 });

    const handover = dying.handover();
    // Committed, and the process is gone before sendCommitted: nothing of the handover survives but the rows.
    const ids = await commitMail(database, handover, ['Water leaking']);
    await survivor.waitFor(1, 10_000);
    await expect.poll(async () => (await rowsOf(database!, ids)).map((row) => `${row.status} ${row.attempts}`)).toEqual(['sent 2']);
    expect(dead.received).toHaveLength(1);
    expect(survivor.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).toEqual(['Water leaking']);
  });

  it('is given back to the queue at once when its instance stopped between the insert and the commit', async () => {
    database = await openTestDatabase();
    const smtp = await sink();
    const stopping = await dispatcher(database, smtp);
    const handover = stopping.handover();
    if (!handover) throw new Error('a running dispatcher takes handovers');
    const ids = await commitMail(database, handover, ['Chair broken']);
    await stopping.stop();
    expect(stopping.handover()).toBeUndefined();
    stopping.sendCommitted(handover);
    await expect.poll(async () => (await rowsOf(database!, ids)).map((row) => `${row.status} ${row.attempts} ${row.lockedUntil === null}`)).toEqual(['queued 0 true']);
    expect(smtp.received).toHaveLength(0);
    // The next instance's first pass sends it, without waiting for a lease.
    const next = await sink();
    await dispatcher(database, next);
    await next.waitFor(1);
  });

  it('goes back to the queue for a retry when the SMTP server refuses it', async () => {
    database = await openTestDatabase();
    const smtp = await sink();
    smtp.rejectWith = 451;
    const instance = await dispatcher(database, smtp);
    const handover = instance.handover();
    if (!handover) throw new Error('a running dispatcher takes handovers');
    const ids = await commitMail(database, handover, ['Light flickering']);
    instance.sendCommitted(handover);
    await expect
      .poll(async () => (await rowsOf(database!, ids)).map((row) => [row.status, row.attempts, row.lockedUntil, row.lastError?.includes('refused by the test sink')]))
      .toEqual([['queued', 1, null, true]]);
  });

  it('is neither stored nor sent when its transaction rolls back', async () => {
    database = await openTestDatabase();
    const smtp = await sink();
    const instance = await dispatcher(database, smtp);
    const handover = instance.handover();
    if (!handover) throw new Error('a running dispatcher takes handovers');
    let ids: string[] = [];
    await expect(
      database.db.transaction((tx) =>
        collectingMail(tx, handover, async (t) => {
          ids = await enqueueMail(t, [{ purpose: 'facility', to: ['wifi.support@vitbhopal.ac.in'], subject: 'Never', text: 'x', html: '<p>x</p>' }], {
            smtpConfigured: true,
            messageDomain: 'portal.test',
          });
          throw new Error('the change failed');
        }),
      ),
    ).rejects.toThrow('the change failed');
    // The lifecycle context hands over only what committed; these rows never existed.
    expect(ids).toHaveLength(1);
    expect(await rowsOf(database, ids)).toHaveLength(0);
  });
});

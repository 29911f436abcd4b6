import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { outbox } from '../../src/server/db/schema.js';
import { enqueueMail } from '../../src/server/modules/mail/outbox.js';
import { MailDispatcher } from '../../src/server/modules/mail/dispatcher.js';
import { PgCluster } from '../support/pg-cluster.js';
import { SmtpSink } from '../support/smtp-sink.js';

/**
 * The database goes away in the worst moment for the outbox: after the SMTP server said 250 and
 * before the dispatcher recorded the row as sent. Before, the row stayed queued, its lease ran out
 * and the mail went out a second time.
 */
let cluster: PgCluster;
let database: Database;
const connectionErrors: Error[] = [];

beforeAll(async () => {
  cluster = await PgCluster.create();
  database = await openDatabase({
    databaseUrl: await cluster.createDatabase('hcp_outage'),
    poolSize: 4,
    connectTimeoutMs: 1000,
    onConnectionError: (error) => connectionErrors.push(error),
  });
  await runMigrations(database);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await cluster?.destroy();
});

describe('the database client across a PostgreSQL restart', () => {
  it('survives losing a connection checked out for a transaction, and answers again once PostgreSQL is back', async () => {
    // A client checked out of the pool (as a transaction holds one) had no 'error' listener: losing
    // its connection was an uncaught exception that ended the process.
    const pool = database.pool;
    if (!pool) throw new Error('a PostgreSQL database has a pool');
    const held = await pool.connect();
    await held.query('begin');
    connectionErrors.length = 0;
    await cluster.stop('fast');
    await expect.poll(() => connectionErrors.length).toBeGreaterThan(0);
    held.release(true);
    await expect(database.ping()).rejects.toThrow();
    await cluster.start();
    await expect.poll(() => database.ping().then(() => 'answers', () => 'down')).toBe('answers');
  }, 60_000);
});

describe('the mail dispatcher across a database outage', () => {
  it('delivers a mail exactly once when PostgreSQL stops between the SMTP 250 and recording it', async () => {
    const [id] = await enqueueMail(
      database.db,
      [{ purpose: 'test', to: ['warden@vitbhopal.ac.in'], subject: 'Outage test', text: 'Hello', html: '<p>Hello</p>' }],
      { smtpConfigured: true, messageDomain: 'test.invalid' },
    );
    const logLines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
    const sink = await SmtpSink.start();
    let outage = true;
    sink.beforeAccept = async () => {
      if (!outage) return;
      outage = false;
      await cluster.stop('fast');
    };
    const dispatcher = new MailDispatcher({
      db: database.db,
      log,
      smtpUrl: sink.url,
      from: 'Portal <no-reply@vitbhopal.ac.in>',
      pollIntervalMs: 100,
      retryBaseMs: 50,
      retryHorizonMs: 60_000,
      // Short, so that without the fix the resend would come within the test.
      leaseMs: 2000,
    });
    try {
      await dispatcher.start();
      // The 250 went out while the database was down, and the dispatcher has run into that (a warning).
      await expect.poll(() => sink.received.length).toBe(1);
      await expect.poll(() => logLines.some((line) => Number(/"level":(\d+)/.exec(line)?.[1]) >= 40)).toBe(true);
      await cluster.start();
      await expect
        .poll(async () => (await database.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id ?? ''))).at(0)?.status)
        .toBe('sent');
      // Nothing else can send now; what arrived is all there will be.
      await dispatcher.stop();
      expect(sink.received.map((mail) => mail.parsed.subject)).toEqual(['Outage test']);
    } finally {
      await dispatcher.stop();
      await sink.stop();
    }
  }, 60_000);
});

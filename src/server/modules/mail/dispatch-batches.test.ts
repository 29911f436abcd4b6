import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { SmtpSink } from '../../../../tests/support/smtp-sink.js';
import { openTestDatabase } from '../../../../tests/support/test-db.js';
import { MailDispatcher } from './dispatcher.js';

/** The database, except that recording a failed attempt fails: the pass that meets it ends with an error. */
function failingToRecordFailures(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'update') return Reflect.get(target, prop, receiver) as unknown;
      return (table: typeof outbox) => {
        const builder = target.update(table);
        return new Proxy(builder, {
          get(b, key, r) {
            if (key !== 'set') return Reflect.get(b, key, r) as unknown;
            return (values: Record<string, unknown>) => {
              if (typeof values.lastError === 'string') throw new Error('the database went away');
              return b.set(values);
            };
          },
        });
      };
    },
  });
}

let database: Database | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.stop();
  await database?.close();
});

describe('the dispatcher’s overlapping batches', () => {
  it('gives a batch it claimed ahead back to the queue when the pass fails, instead of leaving it leased', async () => {
    database = await openTestDatabase();
    sink = await SmtpSink.start(undefined, { parse: false });
    sink.rejectWith = 451;
    const ids = await database.db
      .insert(outbox)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          purpose: 'facility',
          toEmails: ['wifi.support@vitbhopal.ac.in'],
          subject: `Mail ${i}`,
          textBody: 'text',
          htmlBody: '<p>html</p>',
          messageId: `<${randomUUID()}@test>`,
          status: 'queued' as const,
        })),
      )
      .returning({ id: outbox.id })
      .then((rows) => rows.map((row) => row.id));
    const logged: string[] = [];
    const dispatcher = new MailDispatcher({
      db: failingToRecordFailures(database.db),
      log: pino({ level: 'error' }, { write: (line: string) => void logged.push(line) }),
      smtpUrl: sink.url,
      from: 'Portal <no-reply@vitbhopal.ac.in>',
      pollIntervalMs: 60_000,
      retryBaseMs: 1000,
      retryHorizonMs: 60_000,
      batchSize: 2,
    });
    await dispatcher.start();
    // One pass: the first batch is refused, its failure cannot be recorded, and the pass ends (stop
    // waits for the rest of it).
    await expect.poll(() => logged.some((line) => line.includes('dispatcher pass failed'))).toBe(true);
    await dispatcher.stop();
    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
    // The refused batch waits for its lease (its failure went unrecorded); the one claimed ahead is free again.
    expect(rows.filter((row) => row.lockedUntil !== null && row.attempts === 1)).toHaveLength(2);
    expect(rows.filter((row) => row.lockedUntil === null && row.attempts === 0)).toHaveLength(2);
    expect(rows.every((row) => row.status === 'queued')).toBe(true);
  });
});

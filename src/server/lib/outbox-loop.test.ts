import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxLoop, type OutboxChannel } from './outbox-loop.js';

interface Row {
  id: string;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** An outbox in memory: claim takes what is queued at the moment it is called, deliver is the test's. */
class FakeOutbox implements OutboxChannel<Row> {
  readonly name = 'fake';
  readonly queued: Row[] = [];
  readonly delivered: string[] = [];
  readonly claimLimits: number[] = [];
  passes = 0;
  underWay = 0;
  mostUnderWay = 0;
  /** Called by each claim before it answers; may hold the claim, or fail it (the rows stay queued). */
  onClaim: () => Promise<void> = () => Promise.resolve();
  /** How one row is sent; resolves at once unless the test says otherwise. */
  send: (row: Row) => Promise<void> = () => Promise.resolve();

  beforePass(): Promise<void> {
    this.passes++;
    return Promise.resolve();
  }

  async claim(limit: number): Promise<Row[]> {
    this.claimLimits.push(limit);
    const taken = this.queued.splice(0, limit);
    try {
      await this.onClaim();
    } catch (error) {
      this.queued.unshift(...taken);
      throw error;
    }
    return taken;
  }

  async deliver(row: Row): Promise<void> {
    this.underWay++;
    this.mostUnderWay = Math.max(this.mostUnderWay, this.underWay);
    try {
      await this.send(row);
      this.delivered.push(row.id);
    } finally {
      this.underWay--;
    }
  }

  queue(...ids: string[]): void {
    this.queued.push(...ids.map((id) => ({ id })));
  }
}

interface LogLine {
  level: number;
  msg: string;
  reason?: string;
}

// Long enough that nothing in a test happens by polling unless the test polls on purpose.
const NEVER_MS = 3_600_000;

let started: OutboxLoop<Row> | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

function startLoop(channel: FakeOutbox, opts: { pollIntervalMs?: number; maxInFlight?: number } = {}) {
  const logged: LogLine[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) });
  const loop = new OutboxLoop(channel, { log, pollIntervalMs: opts.pollIntervalMs ?? NEVER_MS, maxInFlight: opts.maxInFlight });
  started = loop;
  loop.start();
  return { loop, logged };
}

describe('the outbox loop', () => {
  it('runs another pass when woken during one, so a row committed meanwhile does not wait for the next poll', async () => {
    const channel = new FakeOutbox();
    const claimHeld = deferred();
    // The first claim reads the outbox before the row below is committed, and answers only after.
    channel.onClaim = () => {
      channel.onClaim = () => Promise.resolve();
      return claimHeld.promise;
    };
    const { loop } = startLoop(channel);
    await expect.poll(() => channel.claimLimits.length).toBe(1);
    channel.queue('committed meanwhile');
    loop.notify();
    claimHeld.resolve();
    await expect.poll(() => channel.delivered).toEqual(['committed meanwhile']);
    expect(channel.passes).toBe(2);
  });

  it('keeps at most maxInFlight deliveries under way, and one that never ends holds only its own slot', async () => {
    const channel = new FakeOutbox();
    const silent = deferred();
    channel.send = (row) => (row.id === 'silent' ? silent.promise : new Promise<void>((done) => setImmediate(done)));
    channel.queue('silent', 'a', 'b', 'c', 'd', 'e');
    const { loop } = startLoop(channel, { maxInFlight: 2 });
    try {
      await expect.poll(() => channel.delivered).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(channel.mostUnderWay).toBe(2);
      // Every claim asked only for the slots that were free: the silent one's never came back.
      expect(channel.claimLimits[0]).toBe(2);
      expect(channel.claimLimits.slice(1).every((limit) => limit === 1)).toBe(true);
    } finally {
      silent.resolve();
    }
    await loop.idle();
  });

  it('waits in stop() for the deliveries under way', async () => {
    const channel = new FakeOutbox();
    const answer = deferred();
    channel.send = () => answer.promise;
    channel.queue('slow');
    const { loop } = startLoop(channel);
    await expect.poll(() => channel.underWay).toBe(1);
    // The answer comes a turn of the event loop after stop() was called: a stop that did not wait
    // would have resolved by then.
    const stopping = loop.stop();
    setImmediate(answer.resolve);
    await stopping;
    expect(channel.delivered).toEqual(['slow']);
  });

  it('logs a claim the database could not answer as a warning and carries on at the next poll', async () => {
    const channel = new FakeOutbox();
    channel.onClaim = () => {
      channel.onClaim = () => Promise.resolve();
      return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    };
    channel.queue('after the outage');
    const { logged } = startLoop(channel, { pollIntervalMs: 10 });
    // Nothing wakes the loop: only its poll can claim the row again.
    await expect.poll(() => channel.delivered).toEqual(['after the outage']);
    expect(logged).toEqual([
      expect.objectContaining({ level: 40, msg: 'fake: database unavailable; retrying at the next poll', reason: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432' }),
    ]);
  });
});

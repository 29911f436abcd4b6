import { Worker } from 'node:worker_threads';

/**
 * Runs in its own thread with its own event loop, so it fires even when the main thread is stuck.
 * The stuck main thread seen in production was pino writing a log line synchronously to a stdout
 * pipe nobody read any more (the log collector had gone away first): sonic-boom retries EAGAIN
 * with `Atomics.wait`, forever, and a plain setTimeout in the main thread never gets its turn.
 * The message is written asynchronously (a full pipe must not block this thread either) and the
 * process is killed a moment later whether or not it got out.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
setTimeout(() => {
  const line = JSON.stringify({ level: 60, time: Date.now(), pid: workerData.pid, msg: workerData.message });
  fs.write(2, line + '\\n', () => undefined);
  setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), 200);
}, workerData.ms);
`;

export interface ExitWatchdog {
  /** Called when the stop finished in time; the process then exits by itself. */
  disarm(): Promise<void>;
}

/**
 * Kills this process (SIGKILL) after `ms` unless disarmed first. Used for the grace time of a
 * stop: whatever holds the process (a request that never ends, a blocked main thread), it ends.
 */
export function armExitWatchdog(ms: number, message: string): ExitWatchdog {
  const worker = new Worker(WATCHDOG_SOURCE, {
    eval: true,
    // Whatever flags the process was started with (--input-type=module would make this source a
    // module without `require`), the watchdog runs as the plain script it is.
    execArgv: [],
    workerData: { ms, message, pid: process.pid },
    // The watchdog needs no heap to speak of.
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  // It must never be what keeps the process alive after a clean stop.
  worker.unref();
  return {
    async disarm() {
      await worker.terminate();
    },
  };
}

import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { aComplaint } from '../tests/factories/complaints.js';

/**
 * A burst of filings sent from a worker thread: the submissions' client then costs the app's
 * thread nothing, as a real student's phone costs the server nothing. The app runs on the bench's
 * main thread like the server process runs it; a client on that same thread (as before issue 29's
 * last round) took about a sixth of its time.
 */

export interface Student {
  cookie: string;
  csrfToken: string;
}

export interface BurstOrder {
  baseUrl: string;
  students: Student[];
  total: number;
  concurrency: number;
}

/** Filings at a steady pace instead: each sent on its schedule, whatever the earlier ones do. */
export interface PacedOrder {
  baseUrl: string;
  students: Student[];
  rate: number;
  seconds: number;
  /** Room numbers start here (rooms repeat every 800). */
  offset: number;
}

export interface PacedResult {
  /** Complaint number, when it was sent and when its answer came, as epoch milliseconds. */
  filed: [string, number, number][];
  failures: string[];
}

export interface BurstResult {
  /** Each submission's latency, sorted, ms. */
  latencies: number[];
  seconds: number;
  /** Complaint number → when it was sent, as epoch milliseconds (performance.timeOrigin + now). */
  sentAt: [string, number][];
  failures: string[];
}

/** Runs the burst in a worker thread and resolves with its figures. */
export function burstInWorker(order: BurstOrder): Promise<BurstResult> {
  return inWorker<BurstResult>({ kind: 'burst', order });
}

/** Runs paced filings in a worker thread and resolves with each one's times. */
export function pacedInWorker(order: PacedOrder): Promise<PacedResult> {
  return inWorker<PacedResult>({ kind: 'paced', order });
}

/** CPU milliseconds a task (a process or a thread) has used, from its /proc stat file; undefined elsewhere. */
export function cpuOfTask(statPath: string): number | undefined {
  try {
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds of this process's main thread (the app's, when the load runs in a worker). */
export const mainThreadCpuMs = () => cpuOfTask(`/proc/self/task/${process.pid}/stat`);

type Job = { kind: 'burst'; order: BurstOrder } | { kind: 'paced'; order: PacedOrder };

function inWorker<R>(job: Job): Promise<R> {
  return new Promise((resolve, reject) => {
    // The worker registers tsx itself: a worker thread does not inherit the bench's TypeScript loader.
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.once('message', (result: R) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load client's worker exited with ${code}`));
    });
  });
}

function post(agent: http.Agent, url: URL, student: Student, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: student.cookie,
          'x-csrf-token': student.csrfToken,
          origin: url.origin,
          'idempotency-key': randomUUID(),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function runBurst(order: BurstOrder): Promise<BurstResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: order.concurrency });
  const url = new URL('/api/complaints', order.baseUrl);
  const latencies: number[] = [];
  const sentAt: [string, number][] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: order.concurrency }, async () => {
      while (next < order.total) {
        const i = next++;
        const student = order.students[i % order.students.length];
        if (!student) return;
        const t = performance.now();
        const { status, text } = await post(agent, url, student, JSON.stringify(aComplaint({ roomNo: String(i % 800) })));
        latencies.push(performance.now() - t);
        if (status !== 201) {
          if (failures.length < 5) failures.push(`${status} ${text.slice(0, 200)}`);
          continue;
        }
        sentAt.push([String((JSON.parse(text) as { number?: unknown }).number), performance.timeOrigin + t]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), seconds, sentAt, failures };
}

async function runPaced(order: PacedOrder): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true });
  const url = new URL('/api/complaints', order.baseUrl);
  const filed: [string, number, number][] = [];
  const failures: string[] = [];
  const total = order.rate * order.seconds;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const due = started + (i * 1000) / order.rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const student = order.students[i % order.students.length];
      if (!student) return;
      const sent = performance.now();
      const { status, text } = await post(agent, url, student, JSON.stringify(aComplaint({ roomNo: String((order.offset + i) % 800) })));
      const answered = performance.now();
      if (status !== 201) {
        if (failures.length < 5) failures.push(`${status} ${text.slice(0, 200)}`);
        return;
      }
      filed.push([String((JSON.parse(text) as { number?: unknown }).number), performance.timeOrigin + sent, performance.timeOrigin + answered]);
    }),
  );
  agent.destroy();
  return { filed, failures };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const job = workerData as Job;
  void (job.kind === 'burst' ? runBurst(job.order) : runPaced(job.order)).then((result) => port.postMessage(result));
}

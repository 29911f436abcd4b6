import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { aComplaint } from '../factories/complaints.js';
import { freePort, tcpPortsOfProcess } from './net.js';
import { PgCluster } from './pg-cluster.js';
import { startServerProcess, waitHealthy, type RunningServer } from './process.js';
import { SmtpSink, type ReceivedMail } from './smtp-sink.js';
import { ApiClient } from './student.js';
import { startTestIdp, type TestIdp } from './test-idp.js';

/**
 * The operations scenario of issue 11, shared by tests/process/balancer.test.ts (short) and
 * `npm run bench -- operations` (longer, faster): three built instances on one PostgreSQL cluster
 * of its own behind HAProxy, complaints submitted at a steady rate through the balancer, and in
 * turn a rolling restart, a kill -9 and a PostgreSQL restart. It measures; callers judge.
 */

export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export function requireHaproxy(): void {
  if (!existsSync(HAPROXY_PATH)) {
    throw new Error(
      `HAProxy not found at ${HAPROXY_PATH}: install the Debian package \`haproxy\` (.ci/run does), or set HAPROXY_PATH`,
    );
  }
}

export interface PhaseFigures {
  phase: string;
  /** Submissions started in this phase (first attempts). */
  requests: number;
  /** First attempts that did not get 201: by status, or `network` / `timeout`. */
  failures: Record<string, number>;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ScenarioFigures {
  phases: PhaseFigures[];
  /** What HAProxy logged: only requests that went wrong, with its termination state. */
  haproxyLog: string;
  submissions: number;
  /** Distinct complaint numbers the submissions got back (after retries with the same key). */
  complaintNumbers: number;
  complaintsInDatabase: number;
  mailsExpected: number;
  mailsDelivered: number;
  mailsDuplicated: number;
  /** Of those, mails whose first copy came over a connection of the instance killed with -9, resent after its lease. */
  mailsDuplicatedByKill: number;
  /** Connections to the SMTP sink the killed instance held when it died. */
  killedSmtpConnections: number;
  /** From PostgreSQL accepting connections again to every instance ready and a submission through the balancer stored. */
  databaseRecoveryMs: number;
  /** One instance asked directly while PostgreSQL was down: a submission, /livez and /readyz. */
  whileDown: { status: number; retryAfter: string | null; body: unknown; livez: number; readyz: number };
  /** Instance pids before and after the PostgreSQL restart (none may have been restarted). */
  pidsBeforeDatabaseRestart: number[];
  pidsAfterDatabaseRestart: number[];
  /** Exit codes of each instance's SIGTERM in the rolling restart (0: drained and stopped in time). */
  rollingExitCodes: Array<number | null>;
  /** Exit codes of the final SIGTERM of each instance. */
  finalExitCodes: Array<number | null>;
}

export interface ScenarioOptions {
  /** Submissions per second through the balancer. */
  rate: number;
  /** Milliseconds of steady load in each quiet phase (warm-up, after the kill, database down…). */
  phaseMs: number;
  students?: number;
  /** Hook for the caller's own bound on how long to wait for a condition. */
  poll: <T>(what: string, fn: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs?: number) => Promise<T>;
  log?: (line: string) => void;
}

interface Instance {
  name: string;
  port: number;
  env: Record<string, string>;
  server: RunningServer;
  dataDir: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A POST on a connection of its own (no keep-alive between the load and HAProxy): what is under
 * test is the portal's connections behind the balancer, not the client's with the balancer, whose
 * idle-connection races would otherwise show up as failures that say nothing about the portal.
 */
function postOnNewConnection(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: 15_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer in 15 s'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** HAProxy in front of the instances: round robin, readiness checked every 500 ms, out after 2 failures. */
function haproxyConfig(lbPort: number, statsPort: number, instances: Instance[]): string {
  return [
    'global',
    '  maxconn 2000',
    // Only requests that went wrong, with HAProxy's termination state: what explains a failure.
    '  log stderr format raw local0',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  timeout connect 2s',
    '  timeout check 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch',
    // A request sent on a connection the instance closes at that very moment (it stops accepting
    // after the drain; a busy event loop widens that instant) gets no answer at all: retried on another
    // instance. Safe here: submissions carry an Idempotency-Key, so a replay is never a second complaint.
    '  retry-on conn-failure empty-response',
    'frontend portal',
    `  bind 127.0.0.1:${lbPort}`,
    '  option forwardfor',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** Server states HAProxy reports (UP, DOWN…), by server name. */
async function haproxyStates(statsPort: number): Promise<Record<string, string>> {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const states: Record<string, string> = {};
  for (const line of csv.split('\n')) {
    const cells = line.split(',');
    if (cells[0] === 'instances' && cells[1] && cells[1] !== 'BACKEND') states[cells[1]] = (cells[17] ?? '').split(' ')[0] ?? '';
  }
  return states;
}

export async function runOperationsScenario(opts: ScenarioOptions): Promise<ScenarioFigures> {
  requireHaproxy();
  const log = opts.log ?? (() => undefined);
  const cleanups: Array<() => unknown> = [];
  try {
    const cluster = await PgCluster.create();
    cleanups.push(() => cluster.destroy());
    const databaseUrl = await cluster.createDatabase('hcp_operations');
    const sink = await SmtpSink.start(undefined, { parse: false });
    cleanups.push(() => sink.stop());

    const lbPort = await freePort();
    const statsPort = await freePort();
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    const idp: TestIdp = await startTestIdp(`${lbUrl}/api/auth/callback`);
    cleanups.push(() => idp.close());

    const shared = {
      PUBLIC_URL: lbUrl,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'operations-scenario-session-secret-0123456789',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      SMTP_URL: sink.url,
      MAIL_POLL_INTERVAL_MS: '200',
      MAIL_RETRY_BASE_MS: '200',
      // Longer than the database outage below: a mail accepted by SMTP just before PostgreSQL went away
      // is recorded by its sender when it is back, before the lease would let another instance send it again.
      MAIL_LEASE_SECONDS: '15',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
      // Longer than HAProxy needs to see readiness fail (two checks 500 ms apart), even on a busy machine.
      SHUTDOWN_DRAIN_SECONDS: '2',
      SHUTDOWN_GRACE_SECONDS: '10',
      // info: the instance's ready line is what waitHealthy waits for.
      LOG_LEVEL: 'info',
    };
    const instances: Instance[] = [];
    for (const name of ['a', 'b', 'c']) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), `hcp-ops-${name}-`));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      instances.push({ name, port, dataDir, env: { ...shared, PORT: String(port), DATA_DIR: dataDir }, server: undefined as unknown as RunningServer });
    }
    const start = async (instance: Instance) => {
      instance.server = startServerProcess(instance.env);
      // A killed instance's requests may fail at the balancer; the instance itself must never log an error.
      await waitHealthy(instance.server, `http://127.0.0.1:${instance.port}`);
    };
    cleanups.push(() => Promise.all(instances.map((instance) => instance.server?.stop('SIGKILL'))));
    await Promise.all(instances.map(start));

    const haproxyDir = mkdtempSync(path.join(tmpdir(), 'hcp-haproxy-'));
    cleanups.push(() => rmSync(haproxyDir, { recursive: true, force: true }));
    const configFile = path.join(haproxyDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(lbPort, statsPort, instances));
    let haproxyOutput = '';
    const haproxy: ChildProcess = spawn(HAPROXY_PATH, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    cleanups.push(() => haproxy.kill('SIGKILL'));
    const allUp = () =>
      opts.poll(
        'HAProxy sees every instance up',
        () => haproxyStates(statsPort).catch((): Record<string, string> => ({})),
        (states) => instances.every((instance) => states[instance.name] === 'UP'),
        20_000,
      );
    await allUp().catch((error: unknown) => {
      throw new Error(`${String(error)}\nHAProxy said:\n${haproxyOutput}`);
    });

    const students: ApiClient[] = [];
    for (let i = 0; i < (opts.students ?? 4); i += 1) {
      students.push(await ApiClient.signedIn(lbUrl, { email: `ops${i}@vitbhopal.ac.in`, name: `Ops Student${i} 21BCE1${String(i).padStart(4, '0')}` }));
    }

    // ---- the load: an open loop at a steady rate, each submission retried with its own key until stored
    let phase = 'warm-up';
    const figures = new Map<string, { requests: number; failures: Record<string, number>; latencies: number[] }>();
    const numbers = new Map<string, string>();
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    const submit = async () => {
      const key = randomUUID();
      const student = students[sent % students.length] as ApiClient;
      sent += 1;
      const mine = figures.get(phase) ?? { requests: 0, failures: {}, latencies: [] };
      figures.set(phase, mine);
      mine.requests += 1;
      for (let attempt = 0; ; attempt += 1) {
        const started = performance.now();
        let outcome: string;
        try {
          const cookie = [...student.http.cookiesFor(lbUrl)].map(([name, value]) => `${name}=${value}`).join('; ');
          const response = await postOnNewConnection(
            `${lbUrl}/api/complaints`,
            { cookie, 'x-csrf-token': student.csrfToken, origin: lbUrl, 'idempotency-key': key },
            JSON.stringify(aComplaint({ complaint: `Load test ${key}` })),
          );
          outcome = String(response.status);
          if (response.status === 201 || response.status === 200) {
            numbers.set(key, (JSON.parse(response.body) as { number: string }).number);
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          outcome = code === 'ETIMEDOUT' ? 'timeout' : `network${code ? ` ${code}` : ''}`;
        }
        if (attempt === 0) mine.latencies.push(performance.now() - started);
        if (outcome === '201' || outcome === '200') return;
        if (attempt === 0) mine.failures[outcome] = (mine.failures[outcome] ?? 0) + 1;
        // Retry as a person (or the web app's retry) would: same key, a moment later.
        await pause(250);
      }
    };
    const timer = setInterval(() => {
      const run = submit().finally(() => inFlight.delete(run));
      inFlight.add(run);
    }, 1000 / opts.rate);
    cleanups.push(() => clearInterval(timer));

    await pause(opts.phaseMs);

    phase = 'rolling restart';
    log('rolling restart');
    const rollingExitCodes: Array<number | null> = [];
    for (const instance of instances) {
      rollingExitCodes.push(await instance.server.stop('SIGTERM'));
      // A stop cut short by the watchdog says so at fatal level; the exit code is what is judged.
      instance.server.allowErrorLogs(/shutdown took longer than SHUTDOWN_GRACE_SECONDS/);
      await start(instance);
      await allUp();
    }

    phase = 'kill -9';
    log('kill -9');
    const victim = instances[1] as Instance;
    victim.server.allowErrorLogs(/./);
    const killedAt = performance.now();
    // Frozen first, so the connections it holds to the sink can be listed before it dies: a mail it
    // was handing over may be read by the sink (in this process) only after the kill.
    const victimPid = victim.server.child.pid;
    // (Never process.kill(0): that would stop this process's whole group.)
    if (victimPid === undefined) throw new Error('the instance to kill has no process id');
    process.kill(victimPid, 'SIGSTOP');
    const victimSmtpPorts = tcpPortsOfProcess(victimPid, sink.port);
    victim.server.child.kill('SIGKILL');
    await victim.server.exited;
    await pause(opts.phaseMs);
    await start(victim);
    await allUp();

    phase = 'database down';
    log('database restart');
    const pidsBeforeDatabaseRestart = instances.map((instance) => instance.server.child.pid ?? 0);
    await cluster.stop('fast');
    // Straight to one instance, past the balancer (which answers 503 itself once every check fails).
    const one = instances[0] as Instance;
    const asked = students[0] as ApiClient;
    const directUrl = `http://127.0.0.1:${one.port}`;
    for (const [name, value] of asked.http.cookiesFor(lbUrl)) asked.http.setCookie(directUrl, name, value);
    const submitted = await asked.http.request(`${directUrl}/api/complaints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': asked.csrfToken, origin: lbUrl, 'idempotency-key': randomUUID() },
      body: JSON.stringify(aComplaint()),
      signal: AbortSignal.timeout(15_000),
    });
    const whileDown = {
      status: submitted.status,
      retryAfter: submitted.headers.get('retry-after'),
      body: (await submitted.json()) as unknown,
      livez: (await fetch(`http://127.0.0.1:${one.port}/livez`)).status,
      readyz: (await fetch(`http://127.0.0.1:${one.port}/readyz`)).status,
    };
    await pause(opts.phaseMs);
    await cluster.start();
    const backAt = performance.now();
    phase = 'database back';
    await opts.poll(
      'every instance ready again and a submission stored through the balancer',
      async () => {
        const ready = await Promise.all(
          instances.map((instance) =>
            fetch(`http://127.0.0.1:${instance.port}/readyz`)
              .then((r) => r.status)
              .catch(() => 0),
          ),
        );
        if (!ready.every((status) => status === 200)) return false;
        const probe = students[0] as ApiClient;
        const response = await probe.http.request(`${lbUrl}/api/complaints/mine`).catch(() => undefined);
        return response?.status === 200;
      },
      (ok) => ok,
      10_000,
    );
    const databaseRecoveryMs = Math.round(performance.now() - backAt);
    const pidsAfterDatabaseRestart = instances.map((instance) => instance.server.child.pid ?? 0);
    await pause(opts.phaseMs);

    clearInterval(timer);
    phase = 'settling';
    await Promise.all([...inFlight]);

    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    const counted = async (table: string) => Number((await direct.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0);
    const complaintsInDatabase = await counted('complaints');
    const mailsExpected = await counted('outbox');
    await direct.end();

    const uniqueIds = () => new Set(sink.received.map((mail) => mail.parsed.messageId ?? mail.raw.slice(0, 200))).size;
    await opts.poll('every mail delivered', () => uniqueIds(), (n) => n >= mailsExpected, 30_000);
    // Nothing can send after a clean stop: count duplicates only then.
    const finalExitCodes = await Promise.all(instances.map((instance) => instance.server.stop('SIGTERM')));
    const mailsDelivered = uniqueIds();
    // A mail the killed instance handed to SMTP but had not recorded yet goes out again when its lease
    // ends (at-least-once, same Message-ID): first copy over one of the killed instance's connections,
    // second after the kill. Any other duplicate is a fault.
    const copies = new Map<string, ReceivedMail[]>();
    for (const mail of sink.received) {
      const id = mail.parsed.messageId ?? mail.raw.slice(0, 200);
      copies.set(id, [...(copies.get(id) ?? []), mail]);
    }
    let mailsDuplicatedByKill = 0;
    for (const [first, second, ...more] of copies.values()) {
      if (first && second && more.length === 0 && victimSmtpPorts.has(first.remotePort) && second.receivedAt > killedAt) {
        mailsDuplicatedByKill += 1;
      }
    }

    const phases: PhaseFigures[] = [...figures].map(([name, f]) => {
      const sorted = [...f.latencies].sort((a, b) => a - b);
      return {
        phase: name,
        requests: f.requests,
        failures: f.failures,
        failed: Object.values(f.failures).reduce((a, b) => a + b, 0),
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
      };
    });
    return {
      phases,
      haproxyLog: haproxyOutput,
      submissions: sent,
      complaintNumbers: new Set(numbers.values()).size,
      complaintsInDatabase,
      mailsExpected,
      mailsDelivered,
      mailsDuplicated: sink.received.length - mailsDelivered,
      mailsDuplicatedByKill,
      killedSmtpConnections: victimSmtpPorts.size,
      databaseRecoveryMs,
      whileDown,
      pidsBeforeDatabaseRestart,
      pidsAfterDatabaseRestart,
      finalExitCodes,
      rollingExitCodes,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Clean-up is best effort.
      }
    }
  }
}

/** The figures as a small table, for the test output and the bench. */
export function formatFigures(figures: ScenarioFigures): string {
  const rows = figures.phases.map(
    (p) =>
      `  ${p.phase.padEnd(16)} requests ${String(p.requests).padStart(5)}  failed ${String(p.failed).padStart(4)} ${
        p.failed ? JSON.stringify(p.failures) : ''
      }  p50 ${p.p50Ms} ms  p99 ${p.p99Ms} ms`,
  );
  return [
    'operations scenario (3 instances behind HAProxy, one PostgreSQL):',
    ...rows,
    `  submissions ${figures.submissions}, complaint numbers ${figures.complaintNumbers}, complaints stored ${figures.complaintsInDatabase}`,
    `  mails expected ${figures.mailsExpected}, delivered ${figures.mailsDelivered}, duplicated ${figures.mailsDuplicated} (${figures.mailsDuplicatedByKill} of them sent by the killed instance and resent after its lease; it held ${figures.killedSmtpConnections} SMTP connections)`,
    `  recovery after PostgreSQL came back: ${figures.databaseRecoveryMs} ms`,
    `  exit codes: rolling restart ${JSON.stringify(figures.rollingExitCodes)}, final stop ${JSON.stringify(figures.finalExitCodes)}`,
  ].join('\n');
}

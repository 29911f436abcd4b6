import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorLogWatch } from './error-logs.js';
import { pgliteTemplateFile, repoRoot } from './paths.js';

export const serverEntry = `${repoRoot}/dist/server/main.js`;

/**
 * A new DATA_DIR whose embedded database is already created and migrated (the global setup's
 * template), for a process whose test is about something other than the very first start: it skips
 * initdb, the costliest part of a cold start. The first start on an empty DATA_DIR is tested in
 * tests/process/main.test.ts.
 */
export function seededDataDir(prefix = 'hcp-proc-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'pglite'));
  execFileSync('tar', ['-xf', pgliteTemplateFile, '-C', path.join(dir, 'pglite')]);
  return dir;
}

export interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Whether it logs at info, where it says it is ready (benches run it quieter, to measure less logging). */
  saysReady: boolean;
  /** Error logs matching `pattern` are expected from this process (see TestApp.allowErrorLogs). */
  allowErrorLogs(pattern: RegExp): void;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Node flags for a server process a test starts to look at its start, its stop or a few requests:
 * V8 compiles the embedded database's WebAssembly with its baseline compiler only, skipping the
 * optimising tier a long-running server earns back (about 1.1 of 2.9 CPU-s per start, decision 54).
 * Not for a process that answers many requests, and never for a bench, which measures the server
 * as it is deployed.
 */
export const SHORT_LIVED = ['--liftoff-only'];

/**
 * Starts the built server (`npm start` runs the same file) with the given environment. Its JSON logs
 * at error level fail the test, as a test app's do. `nodeFlags` go before the script (SHORT_LIVED).
 */
export function startServerProcess(env: Record<string, string>, nodeFlags: readonly string[] = []): RunningServer {
  if (!existsSync(serverEntry)) throw new Error('dist/server/main.js missing: run `npm run build` first');
  let output = '';
  const fullEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env };
  const watch = new ErrorLogWatch(`server process on port ${env.PORT ?? '?'}`);
  const child = spawn(process.execPath, [...nodeFlags, serverEntry], {
    cwd: repoRoot,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    watch.feed(text);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      watch.markClosed();
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    saysReady: ['trace', 'debug', 'info'].includes(fullEnv.LOG_LEVEL),
    allowErrorLogs: (pattern) => watch.allow(pattern),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** What the server logs once it listens (src/server/main.ts). */
const READY_LINE = 'Hostel Complaint Portal ready at';

/**
 * Resolves with the milliseconds it took until the process said it is ready and GET /healthz then
 * answered 200; rejects with what the process printed if it exits first or takes longer than the
 * timeout. Waits on the process's own output, not a polling loop; shared with the benches, which run
 * outside Vitest.
 */
export async function waitHealthy(server: RunningServer, baseUrl: string, timeoutMs = 45_000): Promise<number> {
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const streams = [server.child.stdout, server.child.stderr].filter((s) => s !== null);
    const done = (error?: Error) => {
      clearTimeout(timer);
      clearInterval(probe);
      for (const stream of streams) stream.off('data', check);
      server.child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    let asking = false;
    const check = () => {
      if (server.saysReady) {
        if (server.output().includes(READY_LINE)) done();
        return;
      }
      // A quiet server (a bench's) never prints the line: ask its readiness probe instead.
      if (asking) return;
      asking = true;
      fetch(`${baseUrl}/readyz`)
        .then((response) => response.status === 200)
        .catch(() => false)
        .then((ready) => {
          asking = false;
          if (ready) done();
        }, done);
    };
    const probe = server.saysReady ? undefined : setInterval(check, 100);
    probe?.unref();
    const exited = () => done(new Error(`server exited early:\n${server.output()}`));
    const timer = setTimeout(() => {
      // Not left running after the test that gave up on it.
      server.child.kill('SIGKILL');
      done(new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`));
    }, timeoutMs);
    for (const stream of streams) stream.on('data', check);
    server.child.on('exit', exited);
    if (server.child.exitCode !== null) exited();
    else check();
  });
  const response = await fetch(`${baseUrl}/healthz`);
  if (response.status !== 200) throw new Error(`server said it is ready, but /healthz answered ${response.status}:\n${server.output()}`);
  return Date.now() - started;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import type { Clock } from '../../src/server/lib/clock.js';
import { loggerOptions } from '../../src/server/lib/log-redaction.js';
import { ErrorLogWatch, type ErrorLog } from './error-logs.js';
import { freePort } from './net.js';
import { openTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  /**
   * Error logs matching `pattern` are expected: they do not fail the test. Called in a test, for
   * the rest of that test; called in beforeAll, until the app is closed.
   */
  allowErrorLogs(pattern: RegExp): void;
  /** Every error-level log this app wrote, expected or not. */
  errorLogs(): readonly ErrorLog[];
  /**
   * The unexpected error logs not yet checked: for an app closed after the setup file's last check
   * of its file (a file fixture's teardown), which must look at what closing wrote itself.
   */
  uncheckedErrorLogs(): string[];
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const ERROR = 50;

/**
 * The app's logger, always recording error-level logs for the watch. Without a `logger` option the
 * portal's own options are used at LOG_LEVEL (TEST_LOG_LEVEL, silent by default) but never quieter
 * than `error`, and only what LOG_LEVEL asks for reaches stdout. A given logger keeps its level and
 * its stream; the watch reads along.
 */
function watchedLogger(
  config: Config,
  watch: ErrorLogWatch,
  given: ((config: Config) => BuildAppOptions['logger']) | undefined,
): BuildAppOptions['logger'] {
  if (!given) {
    const printFrom = LEVELS[config.logLevel] ?? Infinity;
    const level = printFrom <= ERROR ? config.logLevel : 'error';
    return loggerOptions(
      { logLevel: level },
      {
        write(line: string) {
          watch.feed(line);
          const lineLevel = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
          if (lineLevel >= printFrom) process.stdout.write(line);
        },
      },
    );
  }
  const options = given(config);
  if (!options || options === true) return options;
  const target = options.stream ?? process.stdout;
  return {
    ...options,
    stream: {
      write(line: string) {
        watch.feed(line);
        target.write(line);
      },
    },
  };
}

/**
 * The real portal on a fresh database, listening on loopback so that OpenID Connect redirects and
 * back-channel calls are real HTTP. `env` overrides the configuration as the environment would.
 * Its error-level logs fail the test that caused them unless the test allows them (`allowErrorLogs`).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    port?: number;
    database?: Database;
    /** Logger options for buildApp (e.g. `loggerOptions(config, stream)` to read the logs); default from LOG_LEVEL. */
    logger?: (config: Config) => BuildAppOptions['logger'];
    /** Runs after the app is built and before it listens, e.g. to add a route only a test needs. */
    setup?: (app: FastifyInstance) => void | Promise<void>;
    /** The clock the portal's rules read (tests/support/clock.ts), instead of the system's. */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  // A database handed in is shared with another app (two instances) and stays open on close.
  const database = opts.database ?? (await openTestDatabase());
  // The port must be known before the app is built (PUBLIC_URL, the OIDC redirect); another process
  // may take a free port between choosing and listening, so a taken one is given up for a new one.
  for (let attempt = 1; ; attempt += 1) {
    const port = opts.port ?? (await freePort());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...env,
    });
    const watch = new ErrorLogWatch(`app at ${config.publicUrl}`);
    const app = await buildApp({ config, database, logger: watchedLogger(config, watch, opts.logger), ...(opts.clock ? { clock: opts.clock } : {}) });
    await opts.setup?.(app);
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      watch.markClosed();
      if (opts.port !== undefined || attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
        if (!opts.database) await database.close();
        throw error;
      }
      continue;
    }
    // A new portal runs every periodic job once as it starts (their schedule is new), in the
    // background: the test begins when those runs have ended, so a digest or an escalation the test
    // asks for is never raced by the start-up run (runDue waits for runs in progress, and nothing
    // else is due yet).
    await app.jobs.runDue();
    return {
      app,
      config,
      database,
      baseUrl: config.publicUrl,
      allowErrorLogs: (pattern) => watch.allow(pattern),
      errorLogs: () => watch.all(),
      uncheckedErrorLogs: () => watch.check(true),
      async close() {
        await app.close();
        if (!opts.database) await database.close();
        rmSync(dataDir, { recursive: true, force: true });
        watch.markClosed();
      },
    };
  }
}

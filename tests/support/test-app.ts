import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { freePort } from './net.js';
import { openTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

/**
 * The real portal on a fresh database, listening on loopback so that OpenID Connect redirects and
 * back-channel calls are real HTTP. `env` overrides the configuration as the environment would.
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
  } = {},
): Promise<TestApp> {
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
  // A database handed in is shared with another app (two instances) and stays open on close.
  const database = opts.database ?? (await openTestDatabase());
  const app = await buildApp({ config, database, ...(opts.logger ? { logger: opts.logger(config) } : {}) });
  await opts.setup?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    database,
    baseUrl: config.publicUrl,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/lock-file.js';
import { runMigrations } from './db/migrate.js';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  // The logger may not exist yet (bad configuration), so this goes straight to stderr.
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  const startedAt = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`The portal cannot start.\n${error.message}`);
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await runMigrations(database);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const detail = error instanceof Error ? error.message : String(error);
    fail(`The portal cannot start: the database failed to open or migrate (${detail}).`);
  }

  const app = await buildApp({ config, database });
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // close() stops accepting, waits for in-flight requests, then runs onClose hooks.
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail(`The portal cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const signIn = config.oidc ? `OpenID Connect provider ${config.oidc.issuer}` : `development sign-in at ${config.publicUrl}/dev-idp`;
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), database: database.kind },
    `Hostel Complaint Portal ready at ${config.publicUrl} — database: ${db}; sign-in: ${signIn}`,
  );
}

void main();

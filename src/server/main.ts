import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/lock-file.js';
import { runMigrations } from './db/migrate.js';
import { armExitWatchdog } from './lib/exit-watchdog.js';

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

  // Dropped PostgreSQL connections are reported here once the logger exists (see db/client.ts).
  let onConnectionError = (error: Error) => {
    process.stderr.write(`database connection lost: ${error.message}\n`);
  };
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedCacheMb: config.embeddedDbCacheMb,
      onConnectionError: (error) => onConnectionError(error),
    });
    await runMigrations(database);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const detail = error instanceof Error ? error.message : String(error);
    fail(`The portal cannot start: the database failed to open or migrate (${detail}).`);
  }

  const app = await buildApp({ config, database });
  onConnectionError = (error) => {
    app.log.warn({ reason: error.message }, 'database connection lost; the next query connects again');
  };
  const { timeZone } = await app.catalog.get();
  if (config.retiredTimeZone && config.retiredTimeZone !== timeZone) {
    app.log.warn(
      { TIME_ZONE: config.retiredTimeZone, profile: timeZone },
      "TIME_ZONE is no longer read: the university's time zone is the profile's (admin console, University); set it there",
    );
  }

  let shuttingDown = false;
  /**
   * A stop in steps, bounded by SHUTDOWN_GRACE_SECONDS in all: readiness fails and connections stop
   * being kept at once; after SHUTDOWN_DRAIN_SECONDS (time for the balancer to notice) the server
   * stops accepting and lets requests in flight finish; then the dispatcher, the jobs and the
   * database close. A watchdog thread kills the process if that takes longer, even if the main
   * thread is stuck.
   */
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const watchdog = armExitWatchdog(
      config.shutdownGraceMs,
      `shutdown took longer than SHUTDOWN_GRACE_SECONDS (${config.shutdownGraceMs / 1000} s); killing the process`,
    );
    app.draining.begin();
    app.log.info(
      { signal, drainMs: config.shutdownDrainMs, graceMs: config.shutdownGraceMs },
      'shutting down: readiness fails now, then no new connections, then finishing requests in flight',
    );
    try {
      if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // close() stops accepting, waits for in-flight requests, then runs onClose hooks (mail, jobs).
      await app.close();
      await database.close();
      app.log.info('stopped');
      await watchdog.disarm();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    // Fastify would log "Server listening at http://127.0.0.1:3000": an address that works for a
    // moment but not for signing in (cookies belong to PUBLIC_URL's host). The ready line below
    // names the one address to open.
    await app.listen({ port: config.port, host: config.host, listenTextResolver: () => `accepting connections on port ${config.port}` });
  } catch (error) {
    await database.close();
    fail(`The portal cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  if (!config.oidc && database.kind === 'postgres') {
    // PostgreSQL is how the portal is scaled out; the development provider cannot be (its sign-in
    // state and signing key live in this process), so say so before anyone puts two behind a balancer.
    app.log.warn(
      'development sign-in is on (no OIDC_ISSUER): it works with ONE instance only. Behind a load balancer, ' +
        'sign-ins fail whenever the callback reaches another instance; configure OIDC_* before running more than one',
    );
  }
  const signIn = config.oidc ? `OpenID Connect provider ${config.oidc.issuer}` : `development sign-in at ${config.publicUrl}/dev-idp`;
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), database: database.kind },
    `Hostel Complaint Portal ready at ${config.publicUrl} — database: ${db}; sign-in: ${signIn}`,
  );
}

void main();

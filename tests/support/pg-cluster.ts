import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './net.js';

const run = promisify(execFile);

/** Debian's PostgreSQL server binaries: /usr/lib/postgresql/<version>/bin, the newest version. */
export function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql/<version>/bin: install the Debian package ' +
        '`postgresql` (.ci/run does), or set POSTGRES_BIN_DIR',
    );
  }
  return path.join(root, versions[0], 'bin');
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` account. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    throw new Error('running as root needs a `postgres` account to run initdb and postgres as');
  }
}

/**
 * A throw-away PostgreSQL cluster of the test's own (initdb + pg_ctl in a temp dir, on a free port),
 * so a test can stop, kill and restart it without touching anyone else's server.
 */
export class PgCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
    private readonly user: { uid: number; gid: number } | undefined,
  ) {}

  static async create(): Promise<PgCluster> {
    const bin = postgresBinDir();
    const user = runAs();
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-pg-'));
    if (user) chownSync(dir, user.uid, user.gid);
    const cluster = new PgCluster(dir, await freePort(), bin, user);
    await cluster.exec('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** A connection string for `database` on this cluster. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private exec(tool: string, args: string[]) {
    return run(path.join(this.bin, tool), args, { cwd: this.dir, ...(this.user ?? {}) });
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.dir}`,
      // Speed over durability: the cluster lives for one test.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=100',
    ].join(' ');
    await this.exec('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /** Stops the server: `fast` ends every session at once, as a restart by an administrator does. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async createDatabase(name: string): Promise<string> {
    await this.query(`create database ${name}`);
    return this.url(name);
  }

  async query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, database = 'postgres'): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** Runs one of the cluster's client tools (pg_dump, pg_restore…) and returns what it printed. */
  async tool(name: string, args: string[]): Promise<string> {
    const { stdout } = await run(path.join(this.bin, name), args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  }

  /** Stops the server (immediately) and removes its files. */
  async destroy(): Promise<void> {
    try {
      await this.stop('immediate');
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

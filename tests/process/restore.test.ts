import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { aCleaningRequest, aComplaint, aStudent } from '../factories/complaints.js';
import { pgliteTemplateFile } from '../support/paths.js';
import { PgCluster } from '../support/pg-cluster.js';
import { ApiClient } from '../support/student.js';
import { startTestApp } from '../support/test-app.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/** What a restore must bring back, row for row: ids are enough to see a lost or a doubled row. */
/** Rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function inventory(database: Database) {
  const ids = async (table: string) =>
    rowsOf<{ id: string }>(await database.db.execute(`select id::text as id from ${table} order by id`)).map((r) => r.id);
  return { complaints: await ids('complaints'), events: await ids('complaint_events'), outbox: await ids('outbox'), audit: await ids('audit_log') };
}

/** A few students' complaints and cleaning requests through the real API, one of them withdrawn. */
async function populate(database: Database) {
  const portal = await startTestApp(RELAXED_LIMITS, { database });
  try {
    for (let i = 0; i < 3; i += 1) {
      const student = await ApiClient.withSession(portal, aStudent());
      expect((await student.post('/api/complaints', aComplaint())).status).toBe(201);
      expect((await student.post('/api/cleaning-requests', aCleaningRequest())).status).toBe(201);
    }
  } finally {
    await portal.close();
  }
}

describe('backups', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await PgCluster.create();
  }, 60_000);
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('restores a pg_dump of a populated PostgreSQL database into a new one with every complaint, event and outbox row', async () => {
    const source = await openDatabase({ databaseUrl: await cluster.createDatabase('hcp_backup_source'), poolSize: 4 });
    let before: Awaited<ReturnType<typeof inventory>>;
    try {
      await runMigrations(source);
      await populate(source);
      before = await inventory(source);
    } finally {
      await source.close();
    }
    expect(before.complaints).toHaveLength(6);
    expect(before.events.length).toBeGreaterThanOrEqual(6);
    expect(before.outbox.length).toBeGreaterThanOrEqual(6);

    // As docs/operations.md says: a custom-format dump, restored into a new, empty database.
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-dump-'));
    try {
      const file = path.join(dir, 'portal.dump');
      await cluster.tool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, cluster.url('hcp_backup_source')]);
      await cluster.createDatabase('hcp_backup_restored');
      await cluster.tool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${cluster.url('hcp_backup_restored')}`, file]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const restored = await openDatabase({ databaseUrl: cluster.url('hcp_backup_restored'), poolSize: 4 });
    try {
      expect(await inventory(restored)).toEqual(before);
      // The counts the trigger keeps came back as they were, and the portal runs on the copy.
      const counts = rowsOf<{ n: number }>(await restored.db.execute('select coalesce(sum(count), 0)::int as n from complaint_counts'));
      expect(counts[0]?.n).toBe(6);
      await runMigrations(restored);
      await populate(restored);
      expect((await inventory(restored)).complaints).toHaveLength(12);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('restores the embedded database from a copy of DATA_DIR taken while the portal was stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-pglite-backup-'));
    // Starts from the suite's migrated template rather than paying for initdb again.
    mkdirSync(path.join(dataDir, 'pglite'));
    execFileSync('tar', ['-xf', pgliteTemplateFile, '-C', path.join(dataDir, 'pglite')]);
    const restoreDir = mkdtempSync(path.join(tmpdir(), 'hcp-pglite-restore-'));
    const archive = path.join(tmpdir(), `hcp-pglite-${process.pid}.tar.gz`);
    try {
      const source = await openDatabase({ dataDir });
      let before: Awaited<ReturnType<typeof inventory>>;
      try {
        await runMigrations(source);
        await populate(source);
        before = await inventory(source);
      } finally {
        await source.close();
      }
      // The documented backup: stop the portal, archive DATA_DIR; restore by unpacking it.
      execFileSync('tar', ['-czf', archive, '-C', dataDir, 'pglite']);
      mkdirSync(restoreDir, { recursive: true });
      execFileSync('tar', ['-xzf', archive, '-C', restoreDir]);
      const restored = await openDatabase({ dataDir: restoreDir });
      try {
        expect(await inventory(restored)).toEqual(before);
        expect(before.complaints).toHaveLength(6);
      } finally {
        await restored.close();
      }
    } finally {
      for (const target of [dataDir, restoreDir, archive]) rmSync(target, { recursive: true, force: true });
    }
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { commonAreas, hostels, users } from '../src/server/db/schema.js';
import { createSession } from '../src/server/modules/auth/session-service.js';
import { openBenchDatabase } from './queue.js';

/**
 * QR label sheets at scale (issue 27): a hostel of 2,000 rooms and 32 common areas, its whole
 * sheet downloaded through the real route on a listening server, the bytes read as they come and
 * thrown away (as a browser saving a file would). Prints the time to the last byte, the size and
 * pages, and the process's peak RSS and heap above what it used before, beside the same for a
 * hostel of 200 rooms: flat memory means the big sheet's peaks are no higher than the small one's.
 * Target: under 10 s for 2,000 rooms. Figures only, nothing asserted.
 */

const TARGET_MS = 10_000;
const RUNS = 3;
const MiB = 1024 * 1024;

interface Run {
  ms: number;
  /** CPU time of the process (server and reader) while it ran: the machine's other load does not count. */
  cpuMs: number;
  bytes: number;
  pages: number;
  peakRss: number;
  peakHeap: number;
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/** Downloads one sheet, sampling memory every 10 ms while it streams. */
async function download(url: string, cookie: string): Promise<Run> {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let pages = 0;
    // Page objects are written uncompressed; the end of each chunk is carried over so a marker split across two is seen once.
    const decoder = new TextDecoder('latin1');
    let carry = '';
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      const text = carry + decoder.decode(value);
      const cut = Math.max(0, text.length - 16);
      // Count the markers that start before the carried tail; the tail is counted with the next chunk.
      pages += [...text.matchAll(/\/Type \/Page\b(?!s)/g)].filter((m) => m.index < cut).length;
      carry = text.slice(cut);
    }
    pages += carry.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes, pages, peakRss: peakRss - before.rss, peakHeap: peakHeap - before.heapUsed };
  } finally {
    clearInterval(sample);
  }
}

export async function qrSheetsBench() {
  const { database, cleanup } = await openBenchDatabase('pglite');
  const configDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-qr-'));
  try {
    await runMigrations(database);
    const db = database.db;
    const [admin] = await db.insert(users).values({ email: 'qr.bench@vitbhopal.ac.in', name: 'QR Bench', role: 'admin' }).returning({ id: users.id });
    const sizes = [
      { name: 'Bench Small', code: 'BENCHS', floors: 2, rooms: 200 },
      { name: 'Bench Tower', code: 'BENCHT', floors: 10, rooms: 2000 },
    ];
    const ids: Record<string, string> = {};
    for (const [i, size] of sizes.entries()) {
      const [row] = await db
        .insert(hostels)
        .values({ name: size.name, code: size.code, floorMin: 0, floorMax: size.floors - 1, roomRanges: [{ from: 1, to: size.rooms }], position: 100 + i })
        .returning({ id: hostels.id });
      if (!row) throw new Error('no hostel');
      ids[size.code] = row.id;
      // Three areas a floor and two for the whole building: 32 for the tower.
      await db.insert(commonAreas).values([
        ...Array.from({ length: size.floors }, (_, f) => [
          { hostelId: row.id, floor: f, name: 'Washroom', code: `F${f}WASH`, position: 3 * f },
          { hostelId: row.id, floor: f, name: 'Corridor', code: `F${f}COR`, position: 3 * f + 1 },
          { hostelId: row.id, floor: f, name: 'Pantry', code: `F${f}PAN`, position: 3 * f + 2 },
        ]).flat(),
        { hostelId: row.id, floor: null, name: 'Mess hall', code: 'MESS', position: 90 },
        { hostelId: row.id, floor: null, name: 'Laundry room', code: 'LAUNDRY', position: 91 },
      ]);
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '3998',
      // http: the session cookie is then the plain one this bench sends (https would make it __Host-, Secure).
      PUBLIC_URL: 'http://portal.example.edu',
      DATA_DIR: configDir,
      SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, dispatchMail: false, runJobs: false });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = `hcp_session=${(await createSession(db, admin?.id ?? '', config.sessionIdleMs, 'bench')).token}`;
      console.log(`  ${RUNS} downloads of each after a warm-up; memory above the process's before each download (server and reader share the process)`);
      for (const size of sizes) {
        const url = `${address}/api/admin/hostels/${ids[size.code] ?? ''}/qr-sheet.pdf`;
        await download(url, cookie);
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await download(url, cookie));
        runs.sort((a, b) => a.ms - b.ms);
        const median = runs[Math.floor(runs.length / 2)] ?? runs[0];
        if (!median) continue;
        const labels = size.rooms + size.floors * 3 + 2;
        const slow = size.rooms >= 2000 && median.ms > TARGET_MS ? `  ← over ${TARGET_MS / 1000} s` : '';
        console.log(
          `  ${size.name}: ${size.rooms} rooms + ${size.floors * 3 + 2} areas = ${labels} labels, ${median.pages} pages, ${mib(median.bytes)}: ` +
            `median ${(median.ms / 1000).toFixed(2)} s (runs ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s; CPU ${(median.cpuMs / 1000).toFixed(2)} s); ` +
            `peak RSS +${mib(Math.max(...runs.map((r) => r.peakRss)))}, peak heap +${mib(Math.max(...runs.map((r) => r.peakHeap)))}${slow}`,
        );
      }
      console.log(`\nTarget (issue 27): a hostel of 2,000 rooms and its common areas in under ${TARGET_MS / 1000} s, memory flat. Figures only, nothing asserted.`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
    await cleanup();
  }
}

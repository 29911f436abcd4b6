import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/net.js';
import { startServerProcess, waitHealthy } from '../tests/support/process.js';

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

async function startOnce(dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServerProcess({ PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development' });
  const ms = await waitHealthy(server, baseUrl, 120_000);
  return { server, ms, baseUrl };
}

/** Cold start on a new DATA_DIR (initdb + migrations), restart on the same one, and idle memory. */
export async function startupBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-'));
  try {
    const cold = await startOnce(dataDir);
    // Let start-up garbage settle before reading idle memory.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const pid = cold.server.child.pid ?? 0;
    const idleRss = rssMiB(pid);
    await cold.server.stop();
    const restarts: number[] = [];
    let warmRss = 0;
    for (let i = 0; i < 3; i += 1) {
      const warm = await startOnce(dataDir);
      restarts.push(warm.ms);
      if (i === 0) {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        warmRss = rssMiB(warm.server.child.pid ?? 0);
      }
      await warm.server.stop();
    }
    const sizeKb = Number(execFileSync('du', ['-sk', dataDir]).toString().split('\t')[0]);
    console.log('start-up (embedded PGlite, built server, time until /healthz answers 200):');
    console.log(`  cold start on a new DATA_DIR : ${cold.ms} ms`);
    console.log(`  restart on the same DATA_DIR : ${restarts.join(' ms, ')} ms (median ${[...restarts].sort((a, b) => a - b)[1]} ms)`);
    console.log(`  idle memory (RSS), restarted : ${warmRss} MiB`);
    console.log(`  idle memory (RSS), cold start: ${idleRss} MiB (PGlite keeps what initdb touched until restart)`);
    console.log(`  DATA_DIR size after start    : ${(sizeKb / 1024).toFixed(1)} MiB`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

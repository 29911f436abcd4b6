import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { uploadPhoto } from '../tests/factories/photos.js';
import { freePort } from '../tests/support/net.js';
import { startServerProcess, waitHealthy } from '../tests/support/process.js';
import { ApiClient } from '../tests/support/student.js';

const PARALLEL = 4;
const THROUGHPUT_PHOTOS = Number(process.env.BENCH_PHOTOS ?? 24);

/** Resident memory now and at its highest so far, in MiB, from /proc (Linux). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) => Math.round((Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024) * 10) / 10;
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

/** A 12 MP phone photo (4000 × 3000): noise softened like a sensor's, with EXIF and GPS, as a camera writes it. */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + seed * 10, sigma: 18 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(noise)
    .blur(1.2)
    .jpeg({ quality: 88 })
    .withExif({
      IFD0: { Make: 'BenchCam', Model: 'BC-12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 15/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 24/1 5/1' },
    })
    .toBuffer();
}

/** Runs `total` uploads with `concurrency` in flight; seconds taken. */
async function pool(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Photo uploads against the built server as its own process (embedded PGlite, or BENCH_DATABASE_URL): the peak memory
 * while it takes 4 full-size 12 MP photos at once, and how many photos a second it stores, for
 * full-size photos and for the 1600 px JPEGs the web app really sends after making them smaller.
 */
export async function photosBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-photos-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'development',
    RATE_LIMIT_PHOTOS_PER_HOUR: '100000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
    // An empty PostgreSQL database to run against instead of embedded PGlite.
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  // The first start makes the database (initdb holds on to memory until a restart); measure the second.
  const first = startServerProcess(env);
  await waitHealthy(first, baseUrl, 120_000);
  await first.stop();
  const server = startServerProcess(env);
  try {
    await waitHealthy(server, baseUrl, 120_000);
    const pid = server.child.pid ?? 0;
    // One uploader per photo in flight: each may have only 12 uploads waiting to be attached.
    const clients = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ApiClient.signedIn(baseUrl, { email: `bench.photos${i}@vitbhopal.ac.in`, name: `Bench Photos 21BCE1${String(i).padStart(4, '0')}` })),
    );
    const client = (i: number) => clients[i % clients.length] as ApiClient;
    const upload = async (i: number, bytes: Buffer) => {
      const { status, body } = await uploadPhoto(client(i), bytes);
      if (status !== 201) throw new Error(`upload ${i} answered ${status}: ${JSON.stringify(body)}`);
    };
    const big = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => twelveMegapixelJpeg(i)));
    const small = await Promise.all(big.map((b) => sharp(b).resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer()));

    // Warm up (loads sharp and libvips), let the heap settle, then read idle memory.
    await upload(0, small[0] as Buffer);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = memory(pid);

    let sampledPeak = idle.rss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memory(pid).rss);
    }, 10);
    const burstStarted = performance.now();
    await Promise.all(big.map((bytes, i) => upload(i, bytes)));
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    clearInterval(sampler);
    const afterBurst = memory(pid);
    // VmHWM counts start-up too; it only says something about the burst when it moved during it.
    const peak = afterBurst.peak > idle.peak ? Math.max(sampledPeak, afterBurst.peak) : sampledPeak;

    // Clients keep at most 12 uploads pending each; spread the throughput runs over all of them.
    const fullSeconds = await pool(THROUGHPUT_PHOTOS, PARALLEL, (i) => upload(i + 1, big[i % big.length] as Buffer));
    const smallCount = THROUGHPUT_PHOTOS * 2;
    const smallClients = await Promise.all(
      Array.from({ length: Math.ceil(smallCount / 12) }, (_, i) => ApiClient.signedIn(baseUrl, { email: `bench.small${i}@vitbhopal.ac.in`, name: `Bench Small 21BCE2${String(i).padStart(4, '0')}` })),
    );
    const smallSeconds = await pool(smallCount, PARALLEL, async (i) => {
      const { status } = await uploadPhoto(smallClients[i % smallClients.length] as ApiClient, small[i % small.length] as Buffer);
      if (status !== 201) throw new Error(`small upload ${i} answered ${status}`);
    });
    const end = memory(pid);

    const mb = (b: Buffer) => (b.length / 1024 / 1024).toFixed(1);
    const store = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
    console.log(`photo uploads (built server process, ${store}, re-encode to WebP ≤1600 px + thumbnail):`);
    console.log(`  12 MP test photos            : 4000 × 3000 JPEG, ${big.map(mb).join(' / ')} MB; browser-sized 1600 px: ${small.map((b) => `${Math.round(b.length / 1024)} KB`).join(' / ')}`);
    console.log(`  idle memory (RSS)            : ${idle.rss} MiB (highest since start ${idle.peak} MiB)`);
    console.log(`  4 × 12 MP at once            : ${burstSeconds.toFixed(2)} s; peak RSS ${peak} MiB = ${(peak - idle.rss).toFixed(1)} MiB above idle (target < 300)`);
    console.log(`  throughput, 12 MP originals  : ${(THROUGHPUT_PHOTOS / fullSeconds).toFixed(2)} photos/s (${THROUGHPUT_PHOTOS} photos, ${PARALLEL} in flight)`);
    console.log(`  throughput, 1600 px from web : ${(smallCount / smallSeconds).toFixed(2)} photos/s (${smallCount} photos, ${PARALLEL} in flight)`);
    console.log(`  RSS after the runs           : ${end.rss} MiB (highest ever ${end.peak} MiB)`);
  } finally {
    if (process.env.BENCH_LOG_LEVEL) console.log(server.output());
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

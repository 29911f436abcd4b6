import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../tests/support/paths.js';
import { serverEntry } from '../tests/support/process.js';
import { deliveryBench } from './delivery.js';
import { dispatchBench } from './dispatch.js';
import { pdfFontsBench } from './pdf-fonts.js';
import { photosBench } from './photos.js';
import { incidentsBench } from './incidents.js';
import { insightsBench } from './insights.js';
import { operationsBench } from './operations.js';
import { inboundBench } from './inbound.js';
import { qrSheetsBench } from './qr-sheets.js';
import { queueBench } from './queue.js';
import { startupBench } from './startup.js';
import { webBench } from './web.js';
import { whatsappBench } from './whatsapp.js';

/**
 * `npm run bench`: prints figures, never passes or fails on a timing. Measures the build, which it
 * makes first (`npm run build`) when there is none or when a source changed since: a fresh clone
 * needs only `npm ci && npm run bench`. Run one benchmark with `npm run bench -- startup`.
 */
const benches: Record<string, () => Promise<void>> = {
  startup: startupBench,
  delivery: deliveryBench,
  dispatch: dispatchBench,
  web: webBench,
  queue: queueBench,
  photos: photosBench,
  insights: insightsBench,
  operations: operationsBench,
  inbound: inboundBench,
  incidents: incidentsBench,
  'qr-sheets': qrSheetsBench,
  'pdf-fonts': pdfFontsBench,
  whatsapp: whatsappBench,
};

/** What the build is made from: the sources, the build scripts and settings, the installed packages. */
const BUILD_INPUTS = ['src', 'scripts', 'vite.config.ts', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.server.json', 'tsconfig.web.json'];
/** A file from each half of `npm run build` (server, web): the older of the two dates the build. */
const BUILD_OUTPUTS = [serverEntry, path.join(repoRoot, 'dist', 'web', 'index.html')];

function newestChange(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

function buildIsCurrent(): boolean {
  if (!BUILD_OUTPUTS.every((file) => existsSync(file))) return false;
  const built = Math.min(...BUILD_OUTPUTS.map((file) => statSync(file).mtimeMs));
  const inputs = BUILD_INPUTS.map((name) => path.join(repoRoot, name)).filter((file) => existsSync(file));
  return Math.max(...inputs.map(newestChange)) <= built;
}

if (!buildIsCurrent()) {
  console.log('The build is missing or older than the sources: running `npm run build` first.');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}
const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n# ${name}`);
  await run();
}

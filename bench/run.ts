import { existsSync } from 'node:fs';
import { serverEntry } from '../tests/support/process.js';
import { deliveryBench } from './delivery.js';
import { photosBench } from './photos.js';
import { incidentsBench } from './incidents.js';
import { insightsBench } from './insights.js';
import { operationsBench } from './operations.js';
import { inboundBench } from './inbound.js';
import { queueBench } from './queue.js';
import { startupBench } from './startup.js';
import { webBench } from './web.js';

/**
 * `npm run bench`: prints figures, never passes or fails on a timing. Needs a build (`npm run build`).
 * Run one benchmark with `npm run bench -- startup`.
 */
const benches: Record<string, () => Promise<void>> = {
  startup: startupBench,
  delivery: deliveryBench,
  web: webBench,
  queue: queueBench,
  photos: photosBench,
  insights: insightsBench,
  operations: operationsBench,
  inbound: inboundBench,
  incidents: incidentsBench,
};

if (!existsSync(serverEntry)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n# ${name}`);
  await run();
}

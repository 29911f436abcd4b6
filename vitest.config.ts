import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import ChecksFirst from './tests/support/sequencer.js';
import { precompiledMessages } from './scripts/precompiled-messages.js';

// A test beside the code that imports nothing from tests/support starts no app and opens no
// database (both come only from there), so no database can change its outcome: it runs once, in
// 'unit', rather than once per database (decision 49).
const root = path.dirname(fileURLToPath(import.meta.url));
const unitTests = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.posix.join('src', ...file.split(path.sep)))
  .filter((file) => !readFileSync(path.join(root, file), 'utf8').includes('tests/support/'))
  .sort();
const serverTests = ['src/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/process/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// With a PostgreSQL server as well, the server's rules run there, once; PGlite keeps the files about
// the embedded database itself: its driver and files, the jobs' claims, the demo `npm start` shows,
// the built server on DATA_DIR, and the sweep that reads every output through its driver (decision 66).
const embeddedDatabaseTests = [
  'src/server/db/**/*.test.ts',
  'src/server/plugins/jobs.test.ts',
  'tests/server/demo.test.ts',
  'tests/server/every-output.test.ts',
  'tests/process/**/*.test.ts',
];

export default defineConfig({
  // The web code's English messages, compiled in place as the build does (decision 52).
  plugins: [precompiledMessages()],
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Server error logs fail the test that wrote them unless it allows them (tests/support/error-logs.ts).
    // TEST_CPU_LOG=<file>: CPU seconds per test file (tests/support/cpu-log.ts).
    setupFiles: ['tests/support/error-log-check.ts', ...(process.env.TEST_CPU_LOG ? ['tests/support/cpu-log.ts'] : [])],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    sequence: { sequencer: ChecksFirst },
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll returns as soon as its condition holds: a generous limit costs nothing when things
    // work and keeps a busy machine from failing a test that was only slow.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true as const,
        test: { name: 'checks', include: ['tests/checks/**/*.test.ts'], isolate: false },
      },
      {
        extends: true as const,
        test: { name: 'unit', include: unitTests, isolate: false },
      },
      {
        extends: true as const,
        test: {
          name: 'server (PGlite)',
          include: onPostgres ? embeddedDatabaseTests : serverTests,
          exclude: [...configDefaults.exclude, ...unitTests],
          env: { TEST_DB: 'pglite' },
          // Each file starts its own app on its own database and keeps no state in modules, so the
          // files of a worker share loaded modules instead of loading the server again for each.
          isolate: false,
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server (PostgreSQL)',
                // Process tests start the built server; running them once is enough.
                include: serverTests.filter((p) => !p.startsWith('tests/process')),
                exclude: [...configDefaults.exclude, ...unitTests],
                env: { TEST_DB: 'postgres' },
                isolate: false,
              },
            },
          ]
        : []),
      {
        extends: true as const,
        // Each file has its own app, database and Chromium, and each test its own browser contexts:
        // the files run side by side, sharing loaded modules like the server files. On PostgreSQL
        // when there is one (decision 51): PGlite's engine would run inside the test worker beside
        // Chromium, costing a third more CPU for the same journeys.
        // A journey is many steps, each allowed STEP_TIMEOUT_MS (tests/support/browser.ts) on a busy machine.
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          env: { TEST_DB: onPostgres ? 'postgres' : 'pglite' },
          isolate: false,
          testTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});

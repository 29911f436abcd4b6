import { defineConfig } from 'vitest/config';

const serverTests = ['src/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/process/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: { name: 'server (PGlite)', include: serverTests, env: { TEST_DB: 'pglite' } },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server (PostgreSQL)',
                // Process tests start the built server; running them once is enough.
                include: serverTests.filter((p) => !p.startsWith('tests/process')),
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        extends: true as const,
        test: { name: 'browser', include: ['tests/e2e/**/*.test.ts'], env: { TEST_DB: 'pglite' }, fileParallelism: false },
      },
    ],
  },
});

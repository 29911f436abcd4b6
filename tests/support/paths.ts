import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const testDataDir = fileURLToPath(new URL('../../.test-data', import.meta.url));
// Uncompressed: every test file loads it, and unpacking a gzip of it costs more than reading it whole.
// The migrated DATA_DIR as a first start leaves it (for tests that run the built server on a copy).
export const pgliteTemplateFile = `${testDataDir}/pglite-template.tar`;
// The same database without PostgreSQL's template databases, which a test database never uses: what
// openTestDatabase loads for every test file (half the files to unpack, a quarter less CPU per opening).
export const pgliteTestDatabaseFile = `${testDataDir}/pglite-test-database.tar`;
// Overridable so two checkouts' suites can run against one PostgreSQL server side by side.
export const PG_TEMPLATE_DB = process.env.TEST_PG_TEMPLATE_DB ?? 'hcp_test_template';

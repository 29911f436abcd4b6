import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const testDataDir = fileURLToPath(new URL('../../.test-data', import.meta.url));
// Uncompressed: every test file loads it, and unpacking a gzip of it costs more than reading it whole.
export const pgliteTemplateFile = `${testDataDir}/pglite-template.tar`;
// Overridable so two checkouts' suites can run against one PostgreSQL server side by side.
export const PG_TEMPLATE_DB = process.env.TEST_PG_TEMPLATE_DB ?? 'hcp_test_template';

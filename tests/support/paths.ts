import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const testDataDir = fileURLToPath(new URL('../../.test-data', import.meta.url));
// Uncompressed: every test file loads it, and unpacking a gzip of it costs more than reading it whole.
export const pgliteTemplateFile = `${testDataDir}/pglite-template.tar`;
export const PG_TEMPLATE_DB = 'hcp_test_template';

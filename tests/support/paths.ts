import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const testDataDir = fileURLToPath(new URL('../../.test-data', import.meta.url));
export const pgliteTemplateFile = `${testDataDir}/pglite-template.tar.gz`;
export const PG_TEMPLATE_DB = 'hcp_test_template';

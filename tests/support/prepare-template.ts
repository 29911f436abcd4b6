import { ensurePgliteTemplate } from './pglite-template.js';

// `npm test` runs this beside lint, typecheck and build, so Vitest's global setup finds the template ready.
console.log(`PGlite test template ${await ensurePgliteTemplate()}`);

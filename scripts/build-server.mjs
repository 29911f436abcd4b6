// Compiles the server (src/server + src/shared) into dist/ and copies the SQL migrations beside it.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../dist/server', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../dist/shared', import.meta.url), { recursive: true, force: true });
execFileSync(process.execPath, [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', 'tsconfig.server.json'], {
  cwd: root,
  stdio: 'inherit',
});
cpSync(new URL('../src/server/db/migrations', import.meta.url), new URL('../dist/server/db/migrations', import.meta.url), {
  recursive: true,
});

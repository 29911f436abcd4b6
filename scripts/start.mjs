// `npm start`: serve the built portal, building it first when there is no build (fresh clone).
// `npm run demo` (--demo): the same, after filling the database with a demo university.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = fileURLToPath(new URL('../dist/server/main.js', import.meta.url));
const web = fileURLToPath(new URL('../dist/web/index.html', import.meta.url));

if (!existsSync(server) || !existsSync(web)) {
  console.log('No build found: building the portal once (about half a minute)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm run demo`: fill the database with the demo university first (development only; needs tsx).
if (process.argv.includes('--demo')) {
  const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], { cwd: root, stdio: 'inherit' });
  if (demo.status !== 0) process.exit(demo.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', server], { cwd: root, stdio: 'inherit' });
// Pass signals through so the server shuts down gracefully.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

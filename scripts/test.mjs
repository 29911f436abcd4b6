// `npm test`: the build (the browser and process tests run it) and the test database template side
// by side; then Vitest, whose summary reporter ends the output with "N passed, N failed". Lint and
// typecheck are tests there (tests/checks), started first and run beside the other files. A failed
// build stops the run before the tests; arguments go to `vitest run`.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command with its output kept, to be printed in one piece when it ends. */
function step(name, command, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`\n> ${name} — ${ok ? 'done' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(ok);
    });
  });
}

const checks = await Promise.all([
  step('build', npm, ['run', '--silent', 'build']),
  // initdb and the migrations in a process that then ends: V8's optimising WebAssembly tier would
  // never pay back (5.1 -> 3.2 CPU-s, decision 54).
  step('test database template', process.execPath, ['--liftoff-only', '--import', 'tsx', 'tests/support/prepare-template.ts']),
]);
if (checks.includes(false)) {
  process.stdout.write('\nthe build or the test database template failed: the tests did not run.\n');
  process.exit(1);
}

process.stdout.write('\n> vitest run\n');
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
vitest.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/*
 * Lint and typecheck run as tests, beside the others: each is one process on one core, and the
 * server and browser tests leave a core idle much of the time (waiting on pages, timers, sockets).
 * A failure shows the tool's own report. ESLint runs with a larger young generation
 * (`--max-semi-space-size=64` in the lint script): most of what it allocates dies young, and the
 * default nursery made it collect so often that the run cost 86 CPU-s instead of 77.
 */

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// Minutes on a busy two-core machine; neither waits on anything but its own work.
const LIMIT_MS = 600_000;

describe('static checks', () => {
  it.concurrent(
    'lint passes with zero warnings: ESLint with types, import zones, and no import cycles',
    async () => {
      const { code, output } = await run('lint');
      expect(code, output).toBe(0);
    },
    LIMIT_MS,
  );

  it.concurrent(
    'the server, the tests and the web app typecheck (strict)',
    async () => {
      const { code, output } = await run('typecheck');
      expect(code, output).toBe(0);
    },
    LIMIT_MS,
  );
});

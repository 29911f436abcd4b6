import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoRoot } from './paths.js';

export const serverEntry = `${repoRoot}/dist/server/main.js`;

export interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built server (`npm start` runs the same file) with the given environment. */
export function startServerProcess(env: Record<string, string>): RunningServer {
  if (!existsSync(serverEntry)) throw new Error('dist/server/main.js missing: run `npm run build` first');
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resolves once GET /healthz answers 200, or rejects with what the process printed. */
export async function waitHealthy(server: RunningServer, baseUrl: string, timeoutMs = 45_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

import { spawn } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/net.js';
import { repoRoot } from '../support/paths.js';
import { SHORT_LIVED, seededDataDir, startServerProcess, waitHealthy } from '../support/process.js';

describe('stopping within the grace time', () => {
  it('kills the process even while its main thread is stuck in Atomics.wait', async () => {
    // What was seen in production: the main thread parked in Atomics.wait (pino retrying a write to
    // a full stdout pipe), so a setTimeout in it never fired. The watchdog has its own thread.
    const script = [
      `import { armExitWatchdog } from ${JSON.stringify(`${repoRoot}/dist/server/lib/exit-watchdog.js`)};`,
      `armExitWatchdog(300, 'stuck main thread');`,
      'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);',
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    expect(stderr).toContain('"msg":"stuck main thread"');
  });

  it('ends a stop that a request in flight would hold forever, after SHUTDOWN_GRACE_SECONDS', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = startServerProcess({ PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: seededDataDir('hcp-stop-'), SHUTDOWN_GRACE_SECONDS: '1' }, SHORT_LIVED);
    server.allowErrorLogs(/shutdown took longer than SHUTDOWN_GRACE_SECONDS/);
    await waitHealthy(server, baseUrl);
    // A request whose body never finishes arriving: close() waits for it.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/complaints HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    socket.on('error', () => undefined);
    await expect.poll(() => server.output()).toContain('"url":"/api/complaints"');
    expect(await server.stop('SIGTERM')).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(server.output()).toContain('shutdown took longer than SHUTDOWN_GRACE_SECONDS (1 s); killing the process');
    socket.destroy();
  });
});

describe('draining on SIGTERM', () => {
  it('fails readiness at once, serves what still arrives on a kept connection with Connection: close, then exits 0', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = startServerProcess({ PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: seededDataDir('hcp-stop-'), SHUTDOWN_DRAIN_SECONDS: '2' }, SHORT_LIVED);
    await waitHealthy(server, baseUrl);
    // One kept-alive connection, as a balancer holds to each instance.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${baseUrl}/api/config`, agent);
      expect(first.status).toBe(200);
      expect(first.connection).toBe('keep-alive');

      server.child.kill('SIGTERM');
      await expect.poll(async () => (await get(`${baseUrl}/readyz`)).status).toBe(503);
      expect((await get(`${baseUrl}/livez`)).status).toBe(200);
      // A request on the connection kept from before: served, and the connection is not kept.
      const late = await get(`${baseUrl}/api/config`, agent);
      expect(late.status).toBe(200);
      expect(late.connection).toBe('close');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      agent.destroy();
    }
  });
});

function get(url: string, agent?: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, agent ? { agent } : { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
}

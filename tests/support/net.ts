import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

function listensOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address && typeof address !== 'string' ? address.port : undefined));
    });
  });
}

/**
 * A port nobody listens on right now (the app must know its PUBLIC_URL before it listens), chosen
 * below Linux's ephemeral range (32768–60999): a port the kernel hands out with `listen(0)` is also
 * one it hands out as the source port of the next outgoing connection, and with Chromium, PostgreSQL
 * clients and SMTP all connecting, one took a server's port between choosing and listening
 * (EADDRINUSE). Other tests choosing the same port at random is rarer still, and test-app retries.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await listensOn(20_000 + Math.floor(Math.random() * 12_000));
    if (port !== undefined) return port;
  }
  const port = await listensOn(0);
  if (port === undefined) throw new Error('no free port');
  return port;
}

/**
 * The local ports of a process's TCP connections to `remotePort` (Linux: its socket inodes in
 * /proc/<pid>/fd matched against /proc/net/tcp and tcp6). Stop the process first (SIGSTOP) so the
 * answer cannot change while it is read.
 */
export function tcpPortsOfProcess(pid: number, remotePort: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // The descriptor closed between the listing and the read.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1], fields[2], fields[9]];
      if (!local || !remote || !inode || !inodes.has(inode)) continue;
      if (Number.parseInt(remote.split(':')[1] ?? '', 16) !== remotePort) continue;
      ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

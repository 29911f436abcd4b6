import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../tests/support/test-db.js';
import { TEST_SESSION_SECRET } from '../../../tests/support/test-app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDevLogFormatter, logFormat } from './dev-log.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the log format', () => {
  it('is readable lines in development on a terminal or with LOG_FORMAT=pretty, JSON otherwise and always in production', () => {
    expect(logFormat(false, undefined, true)).toBe('pretty');
    expect(logFormat(false, 'pretty', false)).toBe('pretty');
    expect(logFormat(false, undefined, false)).toBe('json');
    expect(logFormat(false, 'json', true)).toBe('json');
    expect(logFormat(true, 'pretty', true)).toBe('json');
  });
});

describe('development logs', () => {
  it('are one short line per request from the portal itself, no JSON', async () => {
    const written: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-dev-log-'));
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    const app = await buildApp({ config, database, runJobs: false, dispatchMail: false });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    stdout.mockRestore();
    const lines = written.join('').split('\n').filter(Boolean);
    expect(lines.filter((l) => l.includes('/api/me'))).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/me 401 \d+ms$/)]);
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
  });

  it('keep what other lines say: the message, its fields, and an error with its stack', () => {
    const format = createDevLogFormatter();
    const time = Date.UTC(2026, 10, 26, 7, 30, 5);
    expect(format(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'auto-closed resolved complaints', count: 3 }))).toBe(
      '07:30:05 auto-closed resolved complaints count=3\n',
    );
    expect(format(JSON.stringify({ level: 50, time, msg: 'escalation failed; retrying later', err: { message: 'boom', stack: 'Error: boom\n    at x' } }))).toBe(
      '07:30:05 ERROR escalation failed; retrying later\n  Error: boom\n      at x\n',
    );
    // The web app's files are left out unless one fails.
    const request = (reqId: string, url: string, statusCode: number) => {
      format(JSON.stringify({ level: 30, time, reqId, msg: 'incoming request', req: { method: 'GET', url } }));
      return format(JSON.stringify({ level: 30, time, reqId, msg: 'request completed', res: { statusCode }, responseTime: 0.4 }));
    };
    expect(request('a1', '/assets/index-3f2a.js', 200)).toBeUndefined();
    expect(request('a2', '/assets/missing.js', 404)).toBe('07:30:05 GET /assets/missing.js 404 0ms\n');
    expect(request('a3', '/staff', 200)).toBe('07:30:05 GET /staff 200 0ms\n');
    expect(request('a4', '/api/staff/complaints.csv', 200)).toBe('07:30:05 GET /api/staff/complaints.csv 200 0ms\n');
    // A completed request whose start was not seen still gets its line.
    expect(format(JSON.stringify({ level: 30, time, reqId: 'r1', msg: 'request completed', res: { statusCode: 204 }, responseTime: 1.6 }))).toBe(
      '07:30:05 request r1 204 2ms\n',
    );
  });
});

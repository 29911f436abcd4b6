import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './lock-file.js';

describe('data directory lock', () => {
  it('lets one holder in and refuses a second while the first is alive', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-lock-'));
    // Pretend another live process (our parent) holds it.
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-lock-'));
    writeFileSync(path.join(dir, 'portal.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });
});

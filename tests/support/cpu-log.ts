import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { repoRoot } from './paths.js';

/**
 * With TEST_CPU_LOG=<file>, each test file appends one line: the CPU seconds (user + system) its
 * worker and the worker's child processes (Chromium, server processes, tar…) spent from its first
 * hook to its last, its TEST_DB and its path. A PostgreSQL server's own backends are not children:
 * `/usr/bin/time` cannot see them either. Wall times on a shared machine mean little; CPU per file is
 * what a change to a file moves (decision 54).
 */
const target = process.env.TEST_CPU_LOG;
const TICKS = 100; // USER_HZ on Linux

/** Fields 14–17 of /proc/<pid>/stat: its own and its reaped children's user and system ticks. */
function stat(pid: number): { ppid: number; own: number; reaped: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { ppid: n(4), own: n(14) + n(15), reaped: n(16) + n(17) };
  } catch {
    return undefined;
  }
}

/** Seconds used by this process's descendants, living (their own) or ended (in their parents' reaped times). */
function childrenSeconds(): number {
  const all = new Map<number, NonNullable<ReturnType<typeof stat>>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = stat(Number(entry));
    if (found) all.set(Number(entry), found);
  }
  let ticks = all.get(process.pid)?.reaped ?? 0;
  const queue = [process.pid];
  while (queue.length) {
    const parent = queue.pop();
    for (const [pid, info] of all) {
      if (info.ppid !== parent) continue;
      ticks += info.own + info.reaped;
      queue.push(pid);
    }
  }
  return ticks / TICKS;
}

if (target) {
  let start: { own: NodeJS.CpuUsage; children: number } | undefined;
  beforeAll(() => {
    start = { own: process.cpuUsage(), children: childrenSeconds() };
  });
  afterAll(() => {
    if (!start) return;
    const own = process.cpuUsage(start.own);
    const seconds = (own.user + own.system) / 1e6 + childrenSeconds() - start.children;
    const file = path.relative(repoRoot, expect.getState().testPath ?? 'unknown');
    appendFileSync(target, `${seconds.toFixed(2)}\t${process.env.TEST_DB ?? '-'}\t${file}\n`);
  });
}

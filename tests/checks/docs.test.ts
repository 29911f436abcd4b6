import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/*
 * Issue 42: every decision record has a status line, and docs/decisions/README.md lists each one
 * with it, so the list is the place to see what stands and what was superseded.
 */

const dir = path.join(repoRoot, 'docs/decisions');
const records = readdirSync(dir)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort()
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));

describe('the decision records', () => {
  it('each say their status: accepted or superseded, with the date, and what supersedes them', () => {
    const without = records.filter((r) => !/^Status: (accepted|superseded) · \d{4}-\d{2}-\d{2} · (.* · )?(superseded by|amended by): .+$/m.test(r.text)).map((r) => r.name);
    expect(records.length).toBeGreaterThan(60);
    expect(without).toEqual([]);
  });

  it('are all listed in docs/decisions/README.md with the status each file gives', () => {
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const missing = records.filter((r) => {
      const status = /^Status: (.+)$/m.exec(r.text)?.[1] ?? '';
      return !index.includes(`(${r.name}) | ${status.replace(/\|/g, '\\|')} |`);
    });
    expect(missing.map((r) => r.name)).toEqual([]);
  });
});

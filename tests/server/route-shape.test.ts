import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/**
 * The shape docs/architecture.md gives the server: a route parses, authorises, calls one service and
 * answers; the service holds the rules, the transaction and the audit row. And one way to get the
 * signed-in user in a handler: `requireUser(request)` (src/server/lib/require-user.ts), which answers
 * 401 if a route forgot its preHandler, instead of `request.user?.id ?? ''` (acting as nobody),
 * `throw new Error('unreachable')` (a 500) or a non-null assertion (a crash further on).
 */

const modulesDir = path.join(repoRoot, 'src/server/modules');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(repoRoot, file);
const routeFiles = filesUnder(modulesDir).filter((file) => /(^|[-/])routes\.ts$/.test(path.basename(file)) || file.endsWith('-routes.ts'));

/** Every line of these files matching the pattern, as `file:line: text`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('route files', () => {
  it('are found', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it('leave transactions and audit rows to their services', () => {
    expect(linesMatching(routeFiles, /\.transaction\(|\baudit\(/)).toEqual([]);
  });

  it('leave reading and writing the database to their services (issue 42)', () => {
    const queries = routeFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bapp\.db\s*\.(select|insert|update|delete|execute)\(/g)].map((m) => `${relative(file)}: app.db.${m[1] ?? ''}(`),
    );
    expect(queries).toEqual([]);
  });

  it('get the signed-in user one way: requireUser(request)', () => {
    const otherWays = /request\.user\?\.|request\.user!|if \(!request\.user\b|=\s*request\.user;|new Error\('unreachable'\)/;
    expect(linesMatching(filesUnder(modulesDir), otherWays)).toEqual([]);
  });
});

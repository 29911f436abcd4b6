import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/*
 * Issue 42: every server module is used by the rest of the server through one door, its
 * `index.ts`, and the modules depend on each other without a cycle. This check reads the server's
 * source (not the tests, which may test a module's inside) and names every import that goes
 * around a door, and every cycle, with the files that make it.
 */

const serverDir = path.join(repoRoot, 'src/server');
const modulesDir = path.join(serverDir, 'modules');

/** Route files are wired into the app where the app is assembled, and nowhere else. */
const WIRING = new Set(['app.ts', 'plugins/web.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

interface ModuleImport {
  /** The importing file, relative to src/server. */
  file: string;
  line: number;
  /** The importing file's module; null outside src/server/modules. */
  from: string | null;
  to: string;
  /** The file inside `to`, relative to its folder ("index.js", "store.js"). */
  target: string;
}

const moduleOf = (relative: string): string | null => (relative.startsWith('modules/') ? (relative.split('/')[1] ?? null) : null);

function moduleImports(): ModuleImport[] {
  return sourceFiles(serverDir).flatMap((full) => {
    const file = path.relative(serverDir, full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)].flatMap((match) => {
      const spec = match[1] ?? match[2] ?? '';
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const to = moduleOf(resolved);
      const from = moduleOf(file);
      if (!to || to === from) return [];
      const target = resolved.slice(`modules/${to}/`.length);
      return [{ file, line: text.slice(0, match.index).split('\n').length, from, to, target }];
    });
  });
}

/** The cycles of the module graph: each strongly connected group of two or more modules. */
function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('the server modules', () => {
  const imports = moduleImports();

  it('are read: the check sees the imports between them', () => {
    expect(imports.length).toBeGreaterThan(100);
  });

  it('are used by the rest of the server only through their index.ts (route files only where the app is wired)', () => {
    const around = imports
      .filter((i) => i.target !== 'index.js' && !(WIRING.has(i.file) && /(^|-)routes\.js$|^manifest\.js$/.test(i.target)))
      .map((i) => `${i.file}:${i.line} imports modules/${i.to}/${i.target}`);
    expect(around).toEqual([]);
  });

  it('depend on each other without a cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports) {
      if (!i.from) continue;
      const out = edges.get(i.from) ?? new Set<string>();
      out.add(i.to);
      edges.set(i.from, out);
    }
    const found = cycles(edges).map((group) => {
      const inside = imports.filter((i) => i.from && group.includes(i.from) && group.includes(i.to));
      return `${group.join(' ↔ ')}: ${inside.map((i) => `${i.file}:${i.line}`).join(', ')}`;
    });
    expect(found).toEqual([]);
  });

  it('each have a door once anyone uses them', () => {
    const used = new Set(imports.filter((i) => i.target === 'index.js').map((i) => i.to));
    const missing = [...used].filter((module) => !readdirSync(path.join(modulesDir, module)).includes('index.ts'));
    expect(missing).toEqual([]);
  });
});

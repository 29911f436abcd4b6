import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/*
 * The lifecycle module is the only writer and teller (docs/architecture.md): whatever changes a
 * complaint (its row, its timeline) or tells someone (mail, a bell) is code in
 * src/server/modules/lifecycle. Other modules call its functions. This check reads the server's
 * source and names every file that breaks the rule, with the line, so the promise stays true.
 */

const serverDir = path.join(repoRoot, 'src/server');
const lifecycleDir = path.join(serverDir, 'modules/lifecycle');

/**
 * Where the two ways of telling someone are defined (they may name themselves), and the doors they
 * are offered through (issue 42): an import from either is telling.
 */
const TELLERS: Record<string, { file: string; door: string; name: string }> = {
  mail: { file: 'modules/mail/outbox.ts', door: 'modules/mail/index.ts', name: 'enqueueMail' },
  bell: { file: 'modules/notifications/service.ts', door: 'modules/notifications/index.ts', name: 'notify' },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const outsideLifecycle = () =>
  sourceFiles(serverDir)
    .filter((file) => !file.startsWith(`${lifecycleDir}${path.sep}`))
    .map((file) => ({ name: path.relative(serverDir, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** `name` imported as a value (not a type) from a module whose path ends with `modulePath`. */
function importsOf(file: { name: string; text: string }, modulePath: string, name: string): string[] {
  const found: string[] = [];
  const wanted = modulePath.replace(/\.ts$/, '');
  for (const match of file.text.matchAll(/import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+)\s*from\s*'([^']+)'/g)) {
    const [, typeOnly, names = '', from = ''] = match;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file.name), from)).replace(/\.js$/, '');
    if (typeOnly || resolved !== wanted) continue;
    const imported = names.startsWith('*') ? [name] : names.slice(1, -1).split(',').map((n) => n.trim());
    if (imported.some((n) => n === name || n.startsWith(`${name} as `))) found.push(`${file.name}:${lineOf(file.text, match.index)} imports ${name}`);
  }
  return found;
}

/** Writes to the complaint's own tables, through the query builder or in SQL. */
const WRITES: Array<{ pattern: RegExp; what: string; except?: string }> = [
  { pattern: /\.(insert|update|delete)\(\s*(complaints|complaintEvents)\s*\)/g, what: 'writes a complaint or its timeline' },
  { pattern: /\b(insert\s+into|update|delete\s+from)\s+"?(complaints|complaint_events)"?[\s(]/gi, what: 'writes a complaint or its timeline in SQL' },
  { pattern: /\.insert\(\s*notifications\s*\)/g, what: 'rings a bell', except: TELLERS.bell?.file },
  { pattern: /\.insert\(\s*outbox\s*\)/g, what: 'queues a mail', except: TELLERS.mail?.file },
];

describe('the lifecycle module is the only writer and teller', () => {
  it('no module outside modules/lifecycle queues mail or rings a bell', () => {
    const offences = outsideLifecycle().flatMap((file) =>
      Object.values(TELLERS).flatMap((teller) =>
        file.name === teller.file || file.name === teller.door ? [] : [...importsOf(file, teller.file, teller.name), ...importsOf(file, teller.door, teller.name)],
      ),
    );
    expect(offences, 'call a function of modules/lifecycle (through its index.ts) instead').toEqual([]);
  });

  it('no module outside modules/lifecycle writes a complaint, its timeline, a bell or a mail row', () => {
    const offences = outsideLifecycle().flatMap((file) =>
      WRITES.flatMap(({ pattern, what, except }) =>
        file.name === except ? [] : [...file.text.matchAll(pattern)].map((m) => `${file.name}:${lineOf(file.text, m.index)} ${what}`),
      ),
    );
    expect(offences, 'call the lifecycle (changeComplaint, addToTimeline, a teller) through its index.ts instead').toEqual([]);
  });

  it('would notice an offence: the check reads what it should', () => {
    const offender = {
      name: 'modules/example/service.ts',
      text: "import { enqueueMail } from '../mail/outbox.js';\nimport { notify as bell } from '../notifications/service.js';\nawait tx.update(complaints).set({});\n",
    };
    expect(importsOf(offender, 'modules/mail/outbox.ts', 'enqueueMail')).toEqual(['modules/example/service.ts:1 imports enqueueMail']);
    expect(importsOf(offender, 'modules/notifications/service.ts', 'notify')).toEqual(['modules/example/service.ts:2 imports notify']);
    const throughDoor = { name: 'modules/example/service.ts', text: "import { enqueueMail, type MailFor } from '../mail/index.js';\n" };
    expect(importsOf(throughDoor, 'modules/mail/index.ts', 'enqueueMail')).toEqual(['modules/example/service.ts:1 imports enqueueMail']);
    expect([...offender.text.matchAll(WRITES[0]?.pattern ?? /$^/g)]).toHaveLength(1);
    expect(outsideLifecycle().some((file) => file.name === 'modules/complaints/service.ts')).toBe(true);
  });
});

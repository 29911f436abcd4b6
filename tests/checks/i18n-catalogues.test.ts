import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PO from 'pofile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../../src/shared/constants.js';
import { repoRoot } from '../support/paths.js';

/*
 * Issue 28 (decision 52): the catalogues are extracted from the code, never written by hand. This
 * check extracts and compiles again into a scratch folder, from the committed catalogues, and fails
 * when the code has a message the catalogues lack (or they keep one the code dropped), when a
 * language leaves a message untranslated, or when the compiled modules are older than the PO files.
 * `npm run i18n` brings the catalogues up to date; then translate what it added.
 */

const run = promisify(execFile);
const committed = path.join(repoRoot, 'src/locales');
let scratch = '';

const catalogueNames = () => readdirSync(path.join(committed, SOURCE_LOCALE)).filter((file) => file.endsWith('.po')).map((file) => file.slice(0, -3));
const messagesOf = (file: string) => new Map(PO.parse(readFileSync(file, 'utf8')).items.map((item) => [item.msgid, item.msgstr.join('')]));

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'hcp-i18n-'));
  cpSync(committed, scratch, { recursive: true });
  const lingui = path.join(repoRoot, 'node_modules/.bin/lingui');
  const env = { ...process.env, HCP_I18N_CATALOGUES: scratch, FORCE_COLOR: '0' };
  await run(lingui, ['extract', '--clean'], { cwd: repoRoot, env });
  await run(lingui, ['compile', '--typescript'], { cwd: repoRoot, env });
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('message catalogues', () => {
  it('hold every message of the code and no other (npm run i18n brings them up to date)', () => {
    for (const locale of LOCALES) {
      for (const name of catalogueNames()) {
        const file = `${locale}/${name}.po`;
        const inCode = [...messagesOf(path.join(scratch, file)).keys()].sort();
        const inCatalogue = [...messagesOf(path.join(committed, file)).keys()].sort();
        const added = inCode.filter((id) => !inCatalogue.includes(id));
        const dropped = inCatalogue.filter((id) => !inCode.includes(id));
        expect({ file, added, dropped }).toEqual({ file, added: [], dropped: [] });
      }
    }
  });

  it('translate every message into every language', () => {
    for (const locale of LOCALES.filter((candidate) => candidate !== SOURCE_LOCALE)) {
      for (const name of catalogueNames()) {
        const file = `${locale}/${name}.po`;
        const untranslated = [...messagesOf(path.join(committed, file))].filter(([id, text]) => id !== '' && text.trim() === '').map(([id]) => id);
        expect({ file, untranslated }).toEqual({ file, untranslated: [] });
      }
    }
  });

  it("give a message the web app's areas share one translation (the browser merges their catalogues)", () => {
    for (const locale of LOCALES.filter((candidate) => candidate !== SOURCE_LOCALE)) {
      const seen = new Map<string, Map<string, string[]>>();
      for (const name of catalogueNames().filter((candidate) => candidate.startsWith('web'))) {
        for (const [id, text] of messagesOf(path.join(committed, `${locale}/${name}.po`))) {
          if (id === '') continue;
          const byText = seen.get(id) ?? new Map<string, string[]>();
          byText.set(text, [...(byText.get(text) ?? []), name]);
          seen.set(id, byText);
        }
      }
      const differing = [...seen].filter(([, byText]) => byText.size > 1).map(([id, byText]) => ({ id, translations: Object.fromEntries(byText) }));
      expect({ locale, differing }).toEqual({ locale, differing: [] });
    }
  });

  it('are compiled from the PO files as they are', () => {
    for (const locale of LOCALES) {
      for (const name of catalogueNames()) {
        const file = `${locale}/${name}.ts`;
        expect(readFileSync(path.join(committed, file), 'utf8'), `${file} is stale: npm run i18n`).toBe(readFileSync(path.join(scratch, file), 'utf8'));
      }
    }
  });
});

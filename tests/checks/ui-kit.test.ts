import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/*
 * Issue 42: the web app's buttons and controls come from components/ui (Button, the controls and
 * the bound form fields), so a pending state, a focus ring or a label is built once. This check
 * names every raw <button>, <input>, <select> and <textarea> written anywhere else; the lint rule
 * in eslint.config.js says the same while someone types.
 */

const webDir = path.join(repoRoot, 'src/web');
const kitDir = path.join(webDir, 'components/ui');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === kitDir ? [] : tsxFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

const RAW_CONTROL = /<(button|input|select|textarea)(?=[\s/>])/g;

export function rawControls(): string[] {
  return tsxFiles(webDir).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) => [...text.matchAll(RAW_CONTROL)].map((match) => `${path.relative(webDir, file)}:${index + 1} <${match[1] ?? ''}>`)),
  );
}

describe('the UI kit', () => {
  it('is where every button and control of the web app comes from', () => {
    expect(rawControls()).toEqual([]);
  });

  it('would notice a raw control', () => {
    expect('<button type="button">'.match(RAW_CONTROL)).not.toBeNull();
    expect('<input\n'.match(RAW_CONTROL)).not.toBeNull();
    expect('<Button type="button">'.match(RAW_CONTROL)).toBeNull();
    expect('<selected>'.match(RAW_CONTROL)).toBeNull();
  });
});

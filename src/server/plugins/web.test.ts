import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildDir } from '../lib/paths.js';
import web from './web.js';

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hcp-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1);\n//# sourceMappingURL=app-1234.js.map\n');
  writeFileSync(path.join(root, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["../../src/web/secret.ts"]}');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function serve(production: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(web, { root, production, maxShareBytes: 1024 * 1024 });
  await app.ready();
  return app;
}

describe('the web app in production', () => {
  it('never sends a source map, whether the file is there or not', async () => {
    const app = await serve(true);
    try {
      expect((await app.inject('/assets/app-1234.js')).statusCode).toBe(200);
      for (const url of ['/assets/app-1234.js.map', '/assets/app-1234.js.map?x=1', '/assets/app-1234.js%2Emap', '/assets/app-1234.JS.MAP', '/assets/other.js.map', '/app.css.map']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('secret.ts');
        expect(response.body, url).not.toContain('<div id="root">');
      }
      // Paths of the app itself still get the shell.
      expect((await app.inject('/complaints/mine')).body).toContain('<div id="root">');
    } finally {
      await app.close();
    }
  });

  it('still serves maps in development, where they help', async () => {
    const app = await serve(false);
    try {
      const response = await app.inject('/assets/app-1234.js.map');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('secret.ts');
    } finally {
      await app.close();
    }
  });
});

describe('the production build', () => {
  // `npm test` builds before vitest; without a build there is nothing to look at.
  it.runIf(existsSync(webBuildDir()))('publishes no source maps in dist/web', () => {
    const maps = readdirSync(webBuildDir(), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'));
    expect(maps).toEqual([]);
    const pointing = readdirSync(path.join(webBuildDir(), 'assets'), { encoding: 'utf8' })
      .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
      .filter((f) => readFileSync(path.join(webBuildDir(), 'assets', f), 'utf8').includes('sourceMappingURL='));
    expect(pointing).toEqual([]);
  });
});

// Renders the public pages to HTML at build time (src/web/prerender.tsx) and writes them beside
// the web build as dist/web/pages/<path>.html; the server sends them for those exact paths.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ssrOut = path.join(root, 'dist', 'ssr');
const web = path.join(root, 'dist', 'web');

execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', 'prerender.tsx', '--outDir', ssrOut, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});

const { render, PRERENDERED_PATHS, READ_WITHOUT_APP } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
const template = readFileSync(path.join(web, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
rmSync(path.join(web, 'pages'), { recursive: true, force: true });
for (const page of PRERENDERED_PATHS) {
  const rendered = await render(page);
  // The page's <title> belongs in <head>, in place of index.html's; in the browser it is not part of
  // the body either (src/web/app/document-title.ts). The last one rendered wins, as in the browser.
  const titles = rendered.match(/<title>[^<]*<\/title>/g) ?? [];
  const html = rendered.replace(/<title>[^<]*<\/title>/g, '');
  const head = titles.length ? template.replace(/<title>[^<]*<\/title>/, titles.at(-1)) : template;
  const file = path.join(web, 'pages', `${page === '/' ? 'index' : page.slice(1)}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  // Pages read without the app load it after the load event (src/web/main.tsx, decision 64).
  const rootTag = READ_WITHOUT_APP.includes(page) ? '<div id="root" data-hydrate="after-load">' : '<div id="root">';
  writeFileSync(file, head.replace('<div id="root"></div>', `${rootTag}${html}</div>`));
}
rmSync(ssrOut, { recursive: true, force: true });
console.log(`prerendered ${PRERENDERED_PATHS.length} pages`);

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { precompiledMessages } from './scripts/precompiled-messages.js';

const apiPort = process.env.PORT ?? '3000';
// The browser's Host (localhost:5173, PUBLIC_URL's in `npm run dev`) goes through unchanged, so the
// server's redirect to PUBLIC_URL (plugins/public-host.ts) never sends a proxied request back to Vite.
const apiTarget = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false, xfwd: true };

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const swEntry = fileURLToPath(new URL('./src/web/sw/sw.ts', import.meta.url));
/** Pages students never open: their chunks are not precached (they load online, as before). */
const NOT_STUDENT_SHELL = /\/src\/web\/features\/(admin|insights|staff)\//;
/** Files of the shell that are not chunks: the plain page the service worker answers offline, and the icons. */
const SHELL_FILES = ['/index.html', '/favicon.svg', '/icons/icon-192.png'];

/**
 * The service worker (decision 34): after the app's build, src/web/sw/sw.ts is built on its own into
 * dist/web/sw.js (one classic script, served at /sw.js with scope /) with the list of the student
 * shell to precache: the entry, every page chunk but the admin, insights and staff ones, what they
 * import, and the CSS. The list's hash names the cache, so every deploy installs a new worker.
 */
function serviceWorker(): Plugin {
  let shell: string[] = [];
  return {
    name: 'hcp-service-worker',
    // Not in the prerendering's server build (scripts/prerender.mjs), which has no shell to list.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const wanted = new Set<string>();
      const add = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || wanted.has(fileName)) return;
        wanted.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) wanted.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of chunks) {
        const studentPage = chunk.isDynamicEntry && !NOT_STUDENT_SHELL.test(chunk.facadeModuleId ?? '');
        if (chunk.isEntry || studentPage) add(chunk.fileName);
      }
      shell = [...SHELL_FILES, ...[...wanted].sort().map((file) => `/${file}`)];
    },
    async closeBundle() {
      const version = createHash('sha256').update(JSON.stringify(shell)).update(readFileSync(swEntry)).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __HCP_SHELL__: JSON.stringify(shell), __HCP_VERSION__: JSON.stringify(version) },
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: false,
          lib: { entry: swEntry, formats: ['iife'], name: 'hcpServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [precompiledMessages(), react(), tailwindcss(), serviceWorker()],
  // The prerendering (scripts/prerender.mjs) bundles its libraries, as the browser build does.
  ssr: { noExternal: true },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/web is what the server publishes: no source maps in it (the server also refuses *.map in production).
    sourcemap: false,
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    strictPort: true,
    // In development the browser talks to Vite; everything the server owns is proxied to it.
    proxy: {
      '/api': apiTarget,
      '/dev-idp': apiTarget,
      '/healthz': apiTarget,
      '/livez': apiTarget,
      '/readyz': apiTarget,
      '/metrics': apiTarget,
      '/manifest.webmanifest': apiTarget,
      '/share-target': apiTarget,
    },
  },
});

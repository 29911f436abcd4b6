import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';
// The browser's Host (localhost:5173, PUBLIC_URL's in `npm run dev`) goes through unchanged, so the
// server's redirect to PUBLIC_URL (plugins/public-host.ts) never sends a proxied request back to Vite.
const apiTarget = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false, xfwd: true };

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
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
    },
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// A dev page that mounts the space chat panel alone against a running server (HARNESS_API, the e2e server), so
// the panel can be checked end to end and photographed before the workspace composes it.
const api = process.env.HARNESS_API ?? 'http://127.0.0.1:4550';
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('../../../apps/web/src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.HARNESS_PORT ?? 4565),
    strictPort: true,
    proxy: { '/api': { target: api, changeOrigin: false } },
  },
});

/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));
const page = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/**
 * The dev and preview servers answer `/app/*` (and the widget's frame `/embed/*`) with the public app pages' document and `/login` with the sign-in
 * page's, as the product's server does (apps/server/src/http/spa.ts); every other address gets the builder's.
 */
function runtimeDocument(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url?.startsWith('/app/') || req.url?.startsWith('/embed/')) req.url = '/runtime.html';
    else if (req.url === '/login' || req.url?.startsWith('/login?'))
      req.url = req.url.replace('/login', '/login.html');
    next();
  };
  return {
    name: 'buildai-runtime-document',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), runtimeDocument()],
  resolve: { alias: { '@': src } },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // every browser the product supports preloads modules itself: no polyfill in every entry
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // three documents: the builder's (index.html, with the router), the public app pages' (runtime.html) and
      // the sign-in page's (login.html)
      input: { index: page('index.html'), runtime: page('runtime.html'), login: page('login.html') },
      output: {
        codeSplitting: {
          // What every page runs, in one long-lived file. Everything else is split by the pages that use it: no
          // page downloads a library it does not run (docs/decisions/0005 "Page weight").
          // The router has a file of its own: the public app pages' document does not run it.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority)[\\/]/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});

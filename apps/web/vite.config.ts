/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
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

/**
 * The documents are built in two passes into one `dist` (docs/decisions/0005 "Page weight, the public tool page"):
 * `app` builds the builder's document and the sign-in page's (`index.html`, `login.html`), `runtime` then adds the
 * public app pages' (`runtime.html`, `vite.runtime.config.ts`). The public pages' graph is chunked on its own: what
 * the tool page runs is one file beside the framework, not the two dozen small chunks it shares with the builder's
 * pages in one graph.
 */
export function webConfig(documents: 'app' | 'runtime'): UserConfig {
  const input: Record<string, string> =
    documents === 'app'
      ? { index: page('index.html'), login: page('login.html') }
      : { runtime: page('runtime.html') };
  return {
    plugins: [react(), tailwindcss(), precompress({ emptiesOutDir: documents === 'app' }), runtimeDocument()],
    resolve: { alias: { '@': src } },
    server: {
      proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
    },
    preview: {
      proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      // the second pass adds its files to the first's (and the public folder is copied once)
      emptyOutDir: documents === 'app',
      copyPublicDir: documents === 'app',
      // every browser the product supports preloads modules itself: no polyfill in every entry
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input,
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
      // one module graph per worker, not per file (as the server's project): the setup file resets what a file
      // leaves behind in the document
      isolate: false,
    },
  };
}

export default defineConfig(webConfig('app'));

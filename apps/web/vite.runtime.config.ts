/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { webConfig } from './vite.config';

// The second pass of `npm run build`: the public app pages' document (runtime.html), see vite.config.ts.
export default defineConfig(webConfig('runtime'));

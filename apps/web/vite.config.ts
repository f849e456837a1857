import { defineConfig } from 'vite';
export default defineConfig({ test: { name: 'web', environment: 'jsdom' } } as never);

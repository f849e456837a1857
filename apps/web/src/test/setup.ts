import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';

// the web project runs its files in one module graph per worker (vite.config.ts, `isolate: false`): what one file
// leaves in the document's storage, address or cookies must not reach the next
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  clearToasts();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
});

// jsdom has no ResizeObserver; radix (switch, slider, menus, popover) and recharts measure with it
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

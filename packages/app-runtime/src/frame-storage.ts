/**
 * Web storage for the app inside its frame (decision 0012, "Storage"). The frame's origin is opaque (sandbox without
 * allow-same-origin), so the browser refuses it `localStorage` and `sessionStorage` with a SecurityError, and models'
 * apps use them everywhere (a to-do list, a theme switch). Each gets a Storage of its own that lives as long as the
 * page: the app works, and it reaches nothing of the product's storage, which it never could.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(String(key));
  }

  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

function refused(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    return !window[name];
  } catch {
    return true;
  }
}

/** Gives the frame a storage of its own where the browser refuses one (the sandboxed frame always). */
export function provideStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (!refused(name)) continue;
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
  }
}

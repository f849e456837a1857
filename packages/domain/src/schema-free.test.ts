import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The modules the public tool page and the sign-in page read. A bundler keeps a module whole once one of its
 * exports is used, so any of these that reached zod (directly or through a module it imports) would put ~26 KB
 * gzip on those pages (docs/decisions/0005 "Page weight").
 */
const SCHEMA_FREE = ['constants', 'errors', 'redirect', 'builder-limits', 'format', 'prompt'];

/** Modules and packages a module loads at run time (`import type` is erased and does not count). */
function runtimeImports(module: string): string[] {
  const source = readFileSync(new URL(`./${module}.ts`, import.meta.url), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

function reachable(module: string, seen = new Set<string>()): Set<string> {
  for (const spec of runtimeImports(module)) {
    const name = spec.startsWith('./') ? spec.slice(2) : spec;
    if (seen.has(name)) continue;
    seen.add(name);
    if (spec.startsWith('./')) reachable(name, seen);
  }
  return seen;
}

describe('schema-free domain modules', () => {
  it.each(SCHEMA_FREE)('%s loads neither zod nor a module of schemas', (module) => {
    expect([...reachable(module)]).toEqual([]);
  });

  it('the check sees a module that loads zod', () => {
    expect([...reachable('builder')]).toContain('zod');
  });
});

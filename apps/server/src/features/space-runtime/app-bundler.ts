import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AppFile, AppStyle } from '@buildai/domain';
import { bundleApp, closeBuilders, type AppBuild } from './bundle-app';
import { SharedModules } from './shared-modules';

/** Room for built apps in memory; a build is a few KB to a few hundred, so this holds thousands. */
const CACHE_BYTES = 64 * 1024 * 1024;

/** The key of a file set: the same files give the same bundle, whichever app or version holds them. */
export function filesHash(files: AppFile[], style?: AppStyle): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(file.path).update('\0').update(file.content).update('\0');
  }
  // the stylesheet follows the app's branding
  if (style) hash.update('\0style\0').update(JSON.stringify(style));
  return hash.digest('hex');
}

/**
 * Builds apps and the shared modules, once per content (docs/architecture.md, "Space apps"): one per server, built
 * in services.ts. Builds of the same files at the same time share one esbuild run.
 */
export class AppBundler {
  private readonly builds = new LRUCache<string, Promise<AppBuild>>({
    maxSize: CACHE_BYTES,
    // a pending build counts as small; its real size is counted when it settles and is set again
    sizeCalculation: () => 1,
  });
  readonly shared = new SharedModules();
  /** builds that ran esbuild (the others came from the cache) */
  misses = 0;

  bundle(files: AppFile[], style?: AppStyle): Promise<AppBuild> {
    const key = filesHash(files, style);
    const cached = this.builds.get(key);
    if (cached) return cached;
    this.misses += 1;
    const pending = bundleApp(files, style);
    this.builds.set(key, pending);
    pending.then(
      (result) => {
        const size = result.ok
          ? result.code.length + result.css.length
          : JSON.stringify(result.errors).length;
        if (this.builds.get(key) === pending) this.builds.set(key, pending, { size: Math.max(1, size) });
      },
      () => this.builds.delete(key),
    );
    return pending;
  }

  /** Lets esbuild's incremental builders go (the server stops). */
  close(): Promise<void> {
    return closeBuilders();
  }
}

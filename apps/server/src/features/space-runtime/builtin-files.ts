import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RUNTIME_DIR } from './shared-modules';

/**
 * The shadcn/ui files every app has unless it writes its own at the same path (decision 0012, "shadcn/ui"):
 * `components/ui/*`, `lib/utils.ts`, `hooks/use-toast.ts`, `hooks/use-mobile.tsx`, as source the app's build
 * compiles with its own files (so their classes are generated and an app's own `lib/utils` is the one they use).
 */
const DIR = join(RUNTIME_DIR, 'src', 'shadcn');

let files: Map<string, string> | undefined;

function walk(dir: string, out: Map<string, string>) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.set(relative(DIR, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  }
}

/** The built-in files by their path in an app (`components/ui/button.tsx`). */
export function builtinFiles(): Map<string, string> {
  if (!files) {
    files = new Map();
    walk(DIR, files);
  }
  return files;
}

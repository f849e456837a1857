/** Paths of an app's files (relative, `/`-separated), as its imports name them. */

/** The folder of a file: `src/pages` for `src/pages/Index.tsx`, `''` at the app's root. */
export const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** A relative path (`../components/Hero`) from a folder of the app; `..` past the root stays at the root. */
export function joinPath(dir: string, relative: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

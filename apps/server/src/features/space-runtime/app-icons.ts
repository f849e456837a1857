import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The icons of lucide-react, one ESM file each (decision 0007, "Icons"): an app's bundle takes only the icons its
 * files name, so the shared runtime does not carry all of them into every frame.
 */
export interface IconIndex {
  /** every exported icon name (`Star`, `StarIcon`, `LucideStar`) to its module's absolute path */
  files: Map<string, string>;
  /** lucide-react's exports that are not icons and live in the shared runtime */
  api: readonly string[];
}

/** What lucide-react exports besides icons that an app may import (the shared runtime holds them once). */
export const LUCIDE_API = ['createLucideIcon', 'Icon', 'LucideProvider', 'useLucideContext'] as const;

let index: IconIndex | undefined;

/** Reads the package's ESM index once: lines `export { default as Star, ... } from './icons/star.mjs';`. */
export function iconIndex(): IconIndex {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('lucide-react/package.json', { paths: [runtimeDir(require)] }));
  const esm = join(root, 'dist', 'esm');
  const source = readFileSync(join(esm, 'lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const match of source.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)';/g)) {
    const file = join(esm, match[2]!);
    for (const name of match[1]!.matchAll(/default as (\w+)/g)) files.set(name[1]!, file);
  }
  if (files.size === 0) throw new Error(`no icons found in ${esm}/lucide-react.mjs`);
  index = { files, api: LUCIDE_API };
  return index;
}

/** lucide-react is a dependency of the runtime package, so it is found from there. */
function runtimeDir(require: NodeJS.Require): string {
  return dirname(require.resolve('@buildai/app-runtime/package.json'));
}

/**
 * Brand icons lucide-react dropped (its licence keeps brands out) that models still import: each resolves to the
 * nearest plain icon, so an app builds and shows an icon (decision 0012, "Icons").
 */
export const BRAND_ICONS: Record<string, string> = {
  Github: 'GitBranch',
  Gitlab: 'GitMerge',
  Linkedin: 'BriefcaseBusiness',
  Twitter: 'MessageCircle',
  Facebook: 'ThumbsUp',
  Instagram: 'Camera',
  Youtube: 'CirclePlay',
  Twitch: 'Tv',
  Dribbble: 'Palette',
  Figma: 'PenTool',
  Framer: 'Frame',
  Chrome: 'Globe',
  Slack: 'Hash',
  Trello: 'SquareKanban',
  Codepen: 'CodeXml',
  Codesandbox: 'Box',
  Pocket: 'Bookmark',
  Discord: 'MessagesSquare',
};

/** An icon name (with lucide's `Icon` suffix or `Lucide` prefix) to the file that draws it. */
function iconFile(name: string): string | undefined {
  const { files } = iconIndex();
  const direct = files.get(name);
  if (direct) return direct;
  const bare = name.replace(/^Lucide/, '').replace(/Icon$/, '');
  const brand = BRAND_ICONS[bare];
  return brand ? files.get(brand) : undefined;
}

const CAPITALISED = /\b[A-Z][A-Za-z0-9_]*\b/g;

/**
 * The icons an app's files may use: every capitalised word of a file that imports lucide-react which is an icon's
 * name. A word too many costs nothing (esbuild drops exports nobody imports); no imported name can be missed, as
 * it is a word of its file. What the app imports but is no icon is then esbuild's "No matching export" error.
 */
export function iconsNamed(contents: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const content of contents) {
    if (!content.includes('lucide-react')) continue;
    for (const [word] of content.matchAll(CAPITALISED)) if (iconFile(word)) names.add(word);
  }
  return [...names].sort();
}

/** The module `lucide-react` is for one app: its icons from their own files, the rest from the shared runtime. */
export function iconsModule(names: string[]): string {
  const { api } = iconIndex();
  const lines = names.map((name) => `export { default as ${name} } from ${JSON.stringify(iconFile(name))};`);
  lines.push(`export { ${api.join(', ')} } from 'lucide-react';`);
  return lines.join('\n');
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** lucide-react's ways to every icon at once, which would bring back the whole set (or load icons by URL) */
const ALL_ICONS = new Set(['icons', 'DynamicIcon', 'dynamicIconImports', 'iconNames']);

/** The message for a name lucide-react does not export, with the nearest icon name when one is close. */
export function unknownIconMessage(name: string): string {
  if (ALL_ICONS.has(name)) {
    return `"${name}" of lucide-react is not available in an app: import each icon by its name, as in import { Star } from 'lucide-react'`;
  }
  const { files } = iconIndex();
  let best: string | undefined;
  // a short name has many neighbours: only one letter off counts as a likely typo there
  let bestDistance = (name.length <= 5 ? 1 : 2) + 1;
  for (const candidate of files.keys()) {
    if (candidate.startsWith('Lucide') || (candidate.endsWith('Icon') && candidate !== 'Icon')) continue;
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0 : distance(candidate, name);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return `"${name}" is not an icon of lucide-react${best ? ` (did you mean "${best}"?)` : ''}`;
}

import type { AppFile } from '@buildai/domain';
import type ts from 'typescript';
import { appDesignSystem } from '../space-runtime';
import type { Parsed } from './detectors';
import type { TypeScript } from './typescript';

/**
 * Classes of `className="…"` (and of the strings given to `cn`, `clsx`, `twMerge`, `cva`) that Tailwind generates
 * nothing for and that no CSS file of the app defines (decision 0013, "Detectors").
 */

/** words with a meaning though they generate nothing themselves */
const MARKERS = new Set(['group', 'peer', 'dark', 'light', 'not-prose', 'prose']);
const CLASS_FUNCTIONS = new Set(['cn', 'clsx', 'classNames', 'classnames', 'twMerge', 'cva']);

export interface UnknownClass {
  file: string;
  className: string;
  node: ts.Node;
}

function classStrings(t: TypeScript, source: ts.SourceFile): ts.StringLiteralLike[] {
  const found: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node) => {
    if (t.isJsxAttribute(node) && t.isIdentifier(node.name) && /^(className|class)$/.test(node.name.text)) {
      const value = node.initializer;
      if (value && t.isStringLiteral(value)) found.push(value);
      else if (
        value &&
        t.isJsxExpression(value) &&
        value.expression &&
        t.isStringLiteralLike(value.expression)
      ) {
        found.push(value.expression);
      }
    } else if (
      t.isCallExpression(node) &&
      t.isIdentifier(node.expression) &&
      CLASS_FUNCTIONS.has(node.expression.text)
    ) {
      for (const arg of node.arguments) if (t.isStringLiteralLike(arg)) found.push(arg);
    }
    t.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Class names the app's CSS defines itself (`.card {`, `@utility glass`, `@layer components { .btn … }`). */
function ownClasses(files: AppFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (!file.path.endsWith('.css')) continue;
    for (const match of file.content.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) names.add(match[1]!);
    for (const match of file.content.matchAll(/@utility\s+([\w-]+)/g)) names.add(match[1]!);
  }
  return names;
}

export async function unknownTailwindClasses(
  t: TypeScript,
  sound: Parsed[],
  files: AppFile[],
): Promise<UnknownClass[]> {
  const uses: { file: string; className: string; node: ts.Node }[] = [];
  for (const file of sound) {
    for (const literal of classStrings(t, file.source)) {
      for (const className of literal.text.split(/\s+/)) {
        if (className) uses.push({ file: file.path, className, node: literal });
      }
    }
  }
  if (uses.length === 0) return [];
  const own = ownClasses(files);
  const candidates = [
    ...new Set(
      uses
        .map((u) => u.className)
        .filter((c) => !MARKERS.has(c) && !/^(group|peer)\//.test(c) && !own.has(c) && !c.includes('${')),
    ),
  ];
  const cssFiles = files.filter((f) => f.path.endsWith('.css'));
  const design = await appDesignSystem(cssFiles);
  const results = design.candidatesToCss(candidates);
  const unknown = new Set(candidates.filter((_, i) => !results[i]));
  const seen = new Set<string>();
  return uses.filter((use) => {
    if (!unknown.has(use.className)) return false;
    const key = `${use.file}:${use.node.pos}:${use.className}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

import type { ValidationIssue } from '@buildai/domain';
import { builtinFiles, iconIndex } from '../space-runtime';
import { unusedImports } from './detectors';
import type { TypeScript } from './typescript';

/**
 * The mechanical repairs, made without a model (decision 0013, "Repairs"): an unknown icon renamed to the nearest
 * one, an unused import removed, a missing import of a known module added (React's hooks, a lucide icon, a built-in
 * shadcn/ui component). Each answers the file's new text, or why it could not.
 */
export type RuleOutcome = { ok: true; content: string } | { ok: false; reason: string };

const REACT_NAMES = new Set([
  'useState',
  'useEffect',
  'useMemo',
  'useCallback',
  'useRef',
  'useContext',
  'useReducer',
  'useLayoutEffect',
  'useId',
  'useTransition',
  'Fragment',
  'Suspense',
  'createContext',
  'forwardRef',
  'memo',
  'lazy',
]);

let builtinExports: Map<string, string> | undefined;

/** Every name a built-in shadcn/ui file exports, to the import path models write for it (`@/components/ui/button`). */
function builtinExportIndex(): Map<string, string> {
  if (builtinExports) return builtinExports;
  builtinExports = new Map();
  for (const [path, content] of builtinFiles()) {
    if (!path.startsWith('components/ui/')) continue;
    const from = `@/${path.replace(/\.(tsx|ts)$/, '')}`;
    const names = [
      ...[...content.matchAll(/export\s+(?:const|function|class)\s+([A-Z]\w*)/g)].map((m) => m[1]!),
      ...[...content.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .pop()!
              .trim(),
          )
          .filter((name) => /^[A-Z]\w*$/.test(name)),
      ),
    ];
    for (const name of names) if (!builtinExports.has(name)) builtinExports.set(name, from);
  }
  return builtinExports;
}

/** The module a name missing from a file is most likely from, or null. */
export function moduleOfName(name: string): string | null {
  if (REACT_NAMES.has(name)) return 'react';
  const builtin = builtinExportIndex().get(name);
  if (builtin) return builtin;
  if (iconIndex().files.has(name)) return 'lucide-react';
  return null;
}

/** Adds `name` to the file's named imports of `from` (to an import of it already there, else a new first line). */
export function addNamedImport(content: string, name: string, from: string): string {
  const quoted = from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const existing = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(["'])${quoted}\\2\\s*;?`);
  const match = existing.exec(content);
  if (match) {
    const names = match[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.includes(name)) return content;
    const replaced = match[0].replace(match[1]!, ` ${[...names, name].join(', ')} `);
    return content.slice(0, match.index) + replaced + content.slice(match.index + match[0].length);
  }
  return `import { ${name} } from "${from}";\n${content}`;
}

/** The name an issue's message is about: `"Hart"`, `<Sparkle>`, `Cannot find name 'useState'`. */
function subjectOf(issue: ValidationIssue): string | null {
  return (
    /^"([^"]+)"/.exec(issue.message)?.[1] ??
    /^<([A-Za-z_$][\w$]*)/.exec(issue.message)?.[1] ??
    /Cannot find name '([^']+)'/.exec(issue.message)?.[1] ??
    null
  );
}

export function ruleRepair(t: TypeScript, content: string, issue: ValidationIssue): RuleOutcome | null {
  const subject = subjectOf(issue);
  if (issue.detectorId === 'icons' && subject) {
    const nearest = /did you mean "([^"]+)"\?/.exec(issue.message)?.[1];
    if (!nearest) return { ok: false, reason: `No icon of lucide-react is close to "${subject}"` };
    return { ok: true, content: content.replace(new RegExp(`\\b${subject}\\b`, 'g'), nearest) };
  }
  if (issue.detectorId === 'unused-imports' && subject) {
    const source = t.createSourceFile(issue.file, content, t.ScriptTarget.Latest, true, t.ScriptKind.TSX);
    const unused = unusedImports(t, source).filter((u) => u.name === subject);
    if (unused.length === 0) return { ok: false, reason: `"${subject}" is no longer imported` };
    const declaration = unused[0]!.declaration;
    const clause = declaration.importClause!;
    const keepDefault = clause.name && clause.name.text !== subject ? clause.name.text : null;
    const bindings = clause.namedBindings;
    const keepNamed =
      bindings && t.isNamedImports(bindings)
        ? bindings.elements.filter((e) => e.name.text !== subject).map((e) => e.getText(source))
        : [];
    const keepNamespace =
      bindings && t.isNamespaceImport(bindings) && bindings.name.text !== subject
        ? bindings.getText(source)
        : null;
    const parts = [
      keepDefault,
      keepNamespace,
      keepNamed.length ? `{ ${keepNamed.join(', ')} }` : null,
    ].filter(Boolean);
    const start = declaration.getStart(source);
    let end = declaration.getEnd();
    const replacement = parts.length
      ? `import ${parts.join(', ')} from ${declaration.moduleSpecifier.getText(source)};`
      : '';
    if (!replacement && content[end] === '\n') end += 1;
    return { ok: true, content: content.slice(0, start) + replacement + content.slice(end) };
  }
  const missingName =
    issue.detectorId === 'jsx-components' ||
    (issue.detectorId === 'types' && /^Cannot find name '/.test(issue.message));
  if (missingName && subject) {
    const from = moduleOfName(subject);
    if (!from) return null;
    return { ok: true, content: addNamedImport(content, subject, from) };
  }
  return null;
}

import { MODULE_GROUP_OF } from '@buildai/app-runtime/modules';
import {
  pageNameOf,
  validationDetectors,
  type AppFile,
  type DetectorId,
  type DetectorRun,
  type ValidationIssue,
  type ValidationResult,
} from '@buildai/domain';
import type ts from 'typescript';
import { BRAND_ICONS, iconIndex, LUCIDE_API, unknownIconMessage } from '../space-runtime';
import { finder, refused } from '../space-runtime';
import { typescript, type TypeScript } from './typescript';
import { typeErrors } from './type-check';
import { unknownTailwindClasses } from './tailwind-check';

/**
 * The detectors of the validation tester (decision 0013), over one version's files: the TypeScript compiler's
 * parse and checker, and the runtime's own rules of what an app may import, render and call.
 */

export interface DetectorInput {
  files: AppFile[];
  /** the app's entities at that version (the built-in User is added) */
  entityNames: string[];
}

const SCRIPT = /\.(tsx|ts|jsx|js)$/;
const APP_FILES = new Set(['src/App.tsx', 'src/App.jsx', 'App.tsx', 'App.jsx']);
const NEXT_PAGE = /^(?:src\/)?app\/(?:.+\/)?page\.(?:tsx|jsx)$/;
const VITE_PAGE = /^src\/pages\/[^/]+\.(?:tsx|jsx)$/;

/** The files that must default-export a component: pages and the app's root. */
export function isPageFile(path: string): boolean {
  return APP_FILES.has(path) || pageNameOf(path) !== null || NEXT_PAGE.test(path) || VITE_PAGE.test(path);
}

export interface Parsed {
  path: string;
  content: string;
  source: ts.SourceFile;
}

function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}

const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.[a-z]+$/, '');

/** The component (a capitalised function or constant) around a node, else the file's name. */
function componentOf(t: TypeScript, parsed: Parsed, node: ts.Node): string {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if ((t.isFunctionDeclaration(at) || t.isClassDeclaration(at)) && at.name && /^[A-Z]/.test(at.name.text)) {
      return at.name.text;
    }
    if (t.isVariableDeclaration(at) && t.isIdentifier(at.name) && /^[A-Z]/.test(at.name.text)) {
      return at.name.text;
    }
  }
  return baseName(parsed.path);
}

type Emit = (
  issue: Omit<ValidationIssue, 'detectorId' | 'file' | 'componentName'> & { node?: ts.Node },
) => void;

function walk(t: TypeScript, node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  t.forEachChild(node, (child) => walk(t, child, visit));
}

/** The names a file declares anywhere (imports, functions, classes, variables, parameters, destructuring). */
function declaredNames(t: TypeScript, source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  walk(t, source, (node) => {
    const named = node as { name?: ts.Node };
    if (
      (t.isVariableDeclaration(node) ||
        t.isFunctionDeclaration(node) ||
        t.isClassDeclaration(node) ||
        t.isParameter(node) ||
        t.isBindingElement(node) ||
        t.isImportClause(node) ||
        t.isImportSpecifier(node) ||
        t.isNamespaceImport(node) ||
        t.isEnumDeclaration(node) ||
        t.isImportEqualsDeclaration(node)) &&
      named.name &&
      t.isIdentifier(named.name)
    ) {
      names.add(named.name.text);
    }
  });
  return names;
}

function moduleSpecifiers(t: TypeScript, source: ts.SourceFile): ts.StringLiteral[] {
  const found: ts.StringLiteral[] = [];
  walk(t, source, (node) => {
    if ((t.isImportDeclaration(node) || t.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (t.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier);
    } else if (
      t.isCallExpression(node) &&
      node.expression.kind === t.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      t.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0]);
    }
  });
  return found;
}

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

interface DetectImportsOptions {
  t: TypeScript;
  parsed: Parsed;
  files: Map<string, string>;
  emit: Emit;
}

function detectImports({ t, parsed, files, emit }: DetectImportsOptions) {
  const find = finder(files);
  for (const literal of moduleSpecifiers(t, parsed.source)) {
    const specifier = literal.text;
    const local = specifier.startsWith('./') || specifier.startsWith('../');
    const alias = specifier.startsWith('@/') || specifier.startsWith('~/');
    if (local || alias) {
      if (!find(specifier, parsed.path)) {
        emit({
          message: `"${specifier}" is not a file of this app`,
          severity: 'error',
          line: null,
          node: literal,
        });
      }
      continue;
    }
    if (specifier === 'lucide-react' || MODULE_GROUP_OF.has(specifier)) continue;
    if (specifier.endsWith('.css') && MODULE_GROUP_OF.has(packageOf(specifier))) continue;
    emit({ message: refused(specifier), severity: 'error', line: null, node: literal });
  }
}

function hasDefaultExport(t: TypeScript, source: ts.SourceFile): boolean {
  return source.statements.some((statement) => {
    if (t.isExportAssignment(statement)) return !statement.isExportEquals;
    if (
      t.isExportDeclaration(statement) &&
      statement.exportClause &&
      t.isNamedExports(statement.exportClause)
    ) {
      return statement.exportClause.elements.some((e) => e.name.text === 'default');
    }
    const modifiers = t.canHaveModifiers(statement) ? t.getModifiers(statement) : undefined;
    return (
      modifiers?.some((m) => m.kind === t.SyntaxKind.DefaultKeyword) === true &&
      modifiers.some((m) => m.kind === t.SyntaxKind.ExportKeyword)
    );
  });
}

/** JS globals a tag may name without declaring them */
const GLOBAL_TAGS = new Set(['Array', 'Object', 'Math', 'JSON', 'Intl', 'Number', 'String', 'Date']);

function detectJsx(t: TypeScript, parsed: Parsed, emit: Emit) {
  const declared = declaredNames(t, parsed.source);
  const seen = new Set<string>();
  walk(t, parsed.source, (node) => {
    if (!t.isJsxOpeningElement(node) && !t.isJsxSelfClosingElement(node)) return;
    let root: ts.Node = node.tagName;
    while (t.isPropertyAccessExpression(root)) root = root.expression;
    if (!t.isIdentifier(root)) return;
    const name = root.text;
    const member = root !== node.tagName;
    if (!member && !/^[A-Z]/.test(name)) return;
    if (declared.has(name) || GLOBAL_TAGS.has(name)) return;
    const key = `${name}:${lineOf(parsed.source, node.getStart())}`;
    if (seen.has(key)) return;
    seen.add(key);
    emit({
      message: `<${node.tagName.getText(parsed.source)}> is used but ${name} is not defined or imported`,
      severity: 'error',
      line: null,
      node,
    });
  });
}

function lucideImports(t: TypeScript, source: ts.SourceFile): ts.ImportSpecifier[] {
  const found: ts.ImportSpecifier[] = [];
  for (const statement of source.statements) {
    if (!t.isImportDeclaration(statement) || !t.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== 'lucide-react') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && t.isNamedImports(bindings)) found.push(...bindings.elements);
  }
  return found;
}

export function isKnownIcon(name: string): boolean {
  return (
    iconIndex().files.has(name) || (LUCIDE_API as readonly string[]).includes(name) || name in BRAND_ICONS
  );
}

function detectIcons(t: TypeScript, parsed: Parsed, emit: Emit) {
  for (const specifier of lucideImports(t, parsed.source)) {
    const name = (specifier.propertyName ?? specifier.name).text;
    if (isKnownIcon(name)) continue;
    emit({ message: unknownIconMessage(name), severity: 'error', line: null, node: specifier });
  }
}

/** `entities.Task`, `base44.entities.Task`, `entities['Task']`, `db.entity('Task')`, `useEntityList('Task')`. */
function entityUses(t: TypeScript, source: ts.SourceFile): { name: string; node: ts.Node }[] {
  const uses: { name: string; node: ts.Node }[] = [];
  const endsWithEntities = (e: ts.Expression) =>
    (t.isIdentifier(e) && e.text === 'entities') ||
    (t.isPropertyAccessExpression(e) && e.name.text === 'entities');
  walk(t, source, (node) => {
    if (t.isPropertyAccessExpression(node) && endsWithEntities(node.expression)) {
      uses.push({ name: node.name.text, node });
    } else if (
      t.isElementAccessExpression(node) &&
      endsWithEntities(node.expression) &&
      t.isStringLiteralLike(node.argumentExpression)
    ) {
      uses.push({ name: node.argumentExpression.text, node });
    } else if (t.isCallExpression(node) && node.arguments[0] && t.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const named =
        (t.isIdentifier(callee) && callee.text === 'useEntityList') ||
        (t.isPropertyAccessExpression(callee) &&
          callee.name.text === 'entity' &&
          t.isIdentifier(callee.expression) &&
          callee.expression.text === 'db');
      if (named) uses.push({ name: node.arguments[0].text, node });
    }
  });
  return uses;
}

function importsSdk(t: TypeScript, source: ts.SourceFile): boolean {
  return moduleSpecifiers(t, source).some((s) => s.text === '@buildai/app-sdk');
}

interface DetectEntitiesOptions {
  t: TypeScript;
  parsed: Parsed;
  known: Set<string>;
  emit: Emit;
}

function detectEntities({ t, parsed, known, emit }: DetectEntitiesOptions) {
  if (!importsSdk(t, parsed.source)) return;
  for (const use of entityUses(t, parsed.source)) {
    if (known.has(use.name)) continue;
    const list = [...known].filter((n) => n !== 'User');
    emit({
      message: `entities.${use.name} is not an entity of this app (${list.length ? `its entities: ${list.join(', ')}` : 'it has no entities yet'})`,
      severity: 'error',
      line: null,
      node: use.node,
    });
  }
}

/** Names an import brings in that the rest of the file never mentions. */
export function unusedImports(
  t: TypeScript,
  source: ts.SourceFile,
): { name: string; node: ts.Node; declaration: ts.ImportDeclaration }[] {
  const used = new Set<string>();
  walk(t, source, (node) => {
    if (t.isIdentifier(node) && !isInImport(t, node)) used.add(node.text);
  });
  const unused: { name: string; node: ts.Node; declaration: ts.ImportDeclaration }[] = [];
  for (const statement of source.statements) {
    if (!t.isImportDeclaration(statement) || !statement.importClause || statement.importClause.isTypeOnly) {
      continue;
    }
    const clause = statement.importClause;
    if (clause.name && clause.name.text !== 'React' && !used.has(clause.name.text)) {
      unused.push({ name: clause.name.text, node: clause.name, declaration: statement });
    }
    const bindings = clause.namedBindings;
    if (bindings && t.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly && !used.has(element.name.text)) {
          unused.push({ name: element.name.text, node: element, declaration: statement });
        }
      }
    } else if (bindings && t.isNamespaceImport(bindings) && bindings.name.text !== 'React') {
      if (!used.has(bindings.name.text)) {
        unused.push({ name: bindings.name.text, node: bindings, declaration: statement });
      }
    }
  }
  return unused;
}

function isInImport(t: TypeScript, node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (t.isImportDeclaration(at)) return true;
  }
  return false;
}

function detectUnused(t: TypeScript, parsed: Parsed, emit: Emit) {
  for (const item of unusedImports(t, parsed.source)) {
    emit({
      message: `"${item.name}" is imported but never used`,
      severity: 'warning',
      line: null,
      node: item.node,
    });
  }
}

export function parseFiles(t: TypeScript, files: AppFile[]): Parsed[] {
  return files
    .filter((f) => SCRIPT.test(f.path))
    .map((f) => ({
      path: f.path,
      content: f.content,
      source: t.createSourceFile(
        f.path,
        f.content,
        t.ScriptTarget.Latest,
        true,
        /\.(tsx|jsx)$/.test(f.path)
          ? t.ScriptKind.TSX
          : /\.js$/.test(f.path)
            ? t.ScriptKind.JSX
            : t.ScriptKind.TS,
      ),
    }));
}

/** Runs every detector over the files: the issues, each detector's count and time, and the whole time. */
export async function detectIssues(input: DetectorInput): Promise<ValidationResult> {
  const started = performance.now();
  const t = await typescript();
  const files = new Map(input.files.map((f) => [f.path, f.content]));
  const parsed = parseFiles(t, input.files);
  const known = new Set([...input.entityNames, 'User']);
  const issues: ValidationIssue[] = [];
  const runs: DetectorRun[] = [];

  const run = async (
    detectorId: DetectorId,
    body: (emitFor: (file: Parsed) => Emit) => void | Promise<void>,
  ) => {
    const at = performance.now();
    const before = issues.length;
    await body((file) => (issue) => {
      const { node, ...rest } = issue;
      issues.push({
        ...rest,
        line: rest.line ?? (node ? lineOf(file.source, node.getStart(file.source)) : null),
        componentName: node ? componentOf(t, file, node) : baseName(file.path),
        detectorId,
        file: file.path,
      });
    });
    const name = validationDetectors.find((d) => d.detectorId === detectorId)!.name;
    runs.push({
      detectorId,
      name,
      issueCount: issues.length - before,
      executionTimeMs: performance.now() - at,
    });
  };

  await run('syntax', (emitFor) => {
    for (const file of parsed) {
      const diagnostics =
        (file.source as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
      for (const d of diagnostics) {
        emitFor(file)({
          message: t.flattenDiagnosticMessageText(d.messageText, '\n'),
          severity: 'error',
          line: lineOf(file.source, d.start ?? 0),
        });
      }
    }
  });
  const broken = new Set(issues.map((i) => i.file));
  const sound = parsed.filter((file) => !broken.has(file.path));
  await run('imports', (emitFor) => {
    for (const file of sound) detectImports({ t, parsed: file, files, emit: emitFor(file) });
  });
  await run('default-export', (emitFor) => {
    for (const file of sound) {
      if (isPageFile(file.path) && !hasDefaultExport(t, file.source)) {
        emitFor(file)({
          message: `${file.path} does not default-export a React component: add "export default function ${baseName(file.path).replace(/[^A-Za-z0-9_]/g, '') || 'Page'}() { … }"`,
          severity: 'error',
          line: 1,
        });
      }
    }
  });
  await run('jsx-components', (emitFor) => {
    for (const file of sound) detectJsx(t, file, emitFor(file));
  });
  await run('icons', (emitFor) => {
    for (const file of sound) detectIcons(t, file, emitFor(file));
  });
  await run('entities', (emitFor) => {
    for (const file of sound) detectEntities({ t, parsed: file, known, emit: emitFor(file) });
  });
  await run('unused-imports', (emitFor) => {
    for (const file of sound) detectUnused(t, file, emitFor(file));
  });
  await run('tailwind', async (emitFor) => {
    for (const found of await unknownTailwindClasses(t, sound, input.files)) {
      const file = sound.find((f) => f.path === found.file)!;
      emitFor(file)({
        message: `"${found.className}" is not a Tailwind class: it generates no CSS`,
        severity: 'warning',
        line: null,
        node: found.node,
      });
    }
  });
  // the checker last: what another detector already named on a line is not said twice
  const named = new Set(issues.map((i) => `${i.file}:${i.line}`));
  await run('types', async (emitFor) => {
    if (sound.length === 0) return;
    for (const error of await typeErrors(t, input.files, sound)) {
      const file = sound.find((f) => f.path === error.file)!;
      if (named.has(`${error.file}:${error.line}`)) continue;
      emitFor(file)({ message: error.message, severity: 'error', line: error.line, node: error.node });
    }
  });
  // the spec's order of detectors, types second
  const order = validationDetectors.map((d) => d.detectorId);
  runs.sort((a, b) => order.indexOf(a.detectorId) - order.indexOf(b.detectorId));
  return { issues, detectors: runs, executionTimeMs: performance.now() - started };
}

import type ts from 'typescript';

type TypeScript = typeof ts;

/**
 * An app's `tailwind.config.{ts,js}` (the v3 layout Lovable and Dyad write), read without running it (decision
 * 0012, "Tailwind"): the object it exports is taken as data — strings, numbers, booleans, arrays and objects,
 * constants of the same file — and what is code (functions, spreads of other modules) is left out. The plugins
 * kept are the ones the runtime has.
 */
export const CONFIG_FILES = [
  'tailwind.config.ts',
  'tailwind.config.js',
  'tailwind.config.mjs',
  'tailwind.config.cjs',
];

export interface StaticConfig {
  theme?: unknown;
  darkMode?: unknown;
  /** the names of the plugins it loads (`tailwindcss-animate`) */
  plugins: string[];
}

const SKIP = Symbol('skip');

function unwrapWith(ts: TypeScript, node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isParenthesizedExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** The TypeScript compiler, loaded the first time an app has a config (it is large, and most apps have none). */
let compiler: Promise<typeof ts> | undefined;
function typescript(): Promise<typeof ts> {
  compiler ??= import('typescript').then(
    (m) => (m as { default?: typeof ts }).default ?? (m as unknown as typeof ts),
  );
  return compiler;
}

export async function readTailwindConfig(source: string, fileName: string): Promise<StaticConfig | null> {
  const ts = await typescript();
  const unwrap = (node: ts.Expression) => unwrapWith(ts, node);
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  const imports = new Map<string, string>();
  let exported: ts.Expression | undefined;
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
      }
    } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const name = statement.importClause?.name?.text;
      if (name) imports.set(name, statement.moduleSpecifier.text);
    } else if (ts.isExportAssignment(statement)) {
      exported = statement.expression;
    } else if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(file) === 'module.exports'
    ) {
      exported = statement.expression.right;
    }
  }
  if (!exported) return null;

  const required = (node: ts.Expression): string | null => {
    const inner = unwrap(node);
    if (ts.isIdentifier(inner)) return imports.get(inner.text) ?? null;
    if (
      ts.isCallExpression(inner) &&
      inner.expression.getText(file) === 'require' &&
      inner.arguments[0] &&
      ts.isStringLiteralLike(inner.arguments[0])
    ) {
      return inner.arguments[0].text;
    }
    return null;
  };

  const seen = new Set<string>();
  const value = (node: ts.Expression): unknown => {
    const inner = unwrap(node);
    if (ts.isStringLiteralLike(inner)) return inner.text;
    if (ts.isNumericLiteral(inner)) return Number(inner.text);
    if (inner.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (inner.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.MinusToken) {
      const n = value(inner.operand);
      return typeof n === 'number' ? -n : SKIP;
    }
    if (ts.isArrayLiteralExpression(inner)) {
      return inner.elements.map((e) => (ts.isSpreadElement(e) ? SKIP : value(e))).filter((v) => v !== SKIP);
    }
    if (ts.isObjectLiteralExpression(inner)) {
      const out: Record<string, unknown> = {};
      for (const property of inner.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name = property.name;
        const key =
          ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)
            ? name.text
            : ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)
              ? name.expression.text
              : null;
        if (key === null) continue;
        const v = value(property.initializer);
        if (v !== SKIP) out[key] = v;
      }
      return out;
    }
    if (ts.isIdentifier(inner) && constants.has(inner.text) && !seen.has(inner.text)) {
      seen.add(inner.text);
      const v = value(constants.get(inner.text)!);
      seen.delete(inner.text);
      return v;
    }
    return SKIP;
  };

  let root = unwrap(exported);
  if (ts.isIdentifier(root) && constants.has(root.text)) root = unwrap(constants.get(root.text)!);
  // defineConfig({...}) and the like: the object is the first argument
  if (ts.isCallExpression(root) && root.arguments[0]) root = unwrap(root.arguments[0]);
  if (!ts.isObjectLiteralExpression(root)) return null;

  const config: StaticConfig = { plugins: [] };
  for (const property of root.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
    const key = property.name.text;
    if (key === 'theme') {
      const v = value(property.initializer);
      if (v !== SKIP) config.theme = v;
    } else if (key === 'darkMode') {
      const v = value(property.initializer);
      if (v !== SKIP) config.darkMode = v;
    } else if (key === 'plugins') {
      const list = unwrap(property.initializer);
      if (ts.isArrayLiteralExpression(list)) {
        for (const element of list.elements) {
          const name = ts.isSpreadElement(element) ? null : required(element);
          if (name) config.plugins.push(name);
        }
      }
    }
  }
  return config;
}

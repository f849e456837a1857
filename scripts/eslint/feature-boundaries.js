// ESLint rule: another server feature is reached through its index.ts only (decision 0005, "Feature boundaries").
// A file in features/a may import '../b' or '../b/index', never '../b/anything-else'; app.ts, the tests and the
// benchmarks are held to the same. Paths are resolved, so a file's depth in its feature does not matter.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FEATURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/features');

/** The feature and the path inside it of a file or import target, or null outside the server's features. */
function placeInFeatures(file) {
  const relative = path.relative(FEATURES, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [feature, ...inside] = relative.split(path.sep);
  return { feature, inside: inside.join('/').replace(/\.(ts|js)$/, '') };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      deep: "import the '{{feature}}' feature through its index ('{{suggestion}}'), not '{{source}}'",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const own = placeInFeatures(filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeInFeatures(path.resolve(path.dirname(filename), source));
      if (!target || target.feature === own?.feature) return;
      if (target.inside === '' || target.inside === 'index') return;
      const suggestion = source.slice(0, source.length - target.inside.length - 1);
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { feature: target.feature, source, suggestion },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// ESLint rule: a table is written by its owning feature (decision 0020, "Table owners"). Each table of
// apps/server/src/db/schema/<area>.ts names its owner in a `@owner <feature>` tag, and any other feature that writes
// it today in `@writers <feature> …`; a feature (or platform/) that inserts into, updates or deletes from a table it
// is not named on is refused. Reading any table is free: authorisation lives in the query (architecture §4), so a
// query joins the tables that say who may see a row.

const SCHEMA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/db/schema');
const SERVER_SRC = path.dirname(path.dirname(SCHEMA));

/** `{ table: { owner, writers, area } }` from the `@owner` and `@writers` tags of every `pgTable` in db/schema/. */
export function readTableOwners() {
  const owners = {};
  for (const file of fs.readdirSync(SCHEMA).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const text = fs.readFileSync(path.join(SCHEMA, file), 'utf8');
    for (const match of text.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)?\s*export const (\w+) = pgTable\(/g)) {
      const doc = match[1] ?? '';
      const owner = /@owner\s+([\w-]+)/.exec(doc)?.[1] ?? null;
      const writers = (/@writers\s+([^\n*]+)/.exec(doc)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
      owners[match[2]] = { owner, writers, area: file.replace(/\.ts$/, '') };
    }
  }
  return owners;
}

/** The feature a file of the server belongs to (`platform` for the adapters), or null (app.ts, db/, http/, tests). */
function writerOf(file) {
  const relative = path.relative(SERVER_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, feature] = relative.split(path.sep);
  if (top === 'features' && feature && !feature.includes('.')) return feature;
  if (top === 'platform') return 'platform';
  return null;
}

let owners;

export const tableOwners = {
  meta: {
    type: 'problem',
    messages: {
      foreign:
        "the '{{table}}' table is written by the '{{owner}}' feature: call it through its index, or name " +
        "'{{writer}}' in the table's @writers (db/schema/{{area}}.ts) with a reason in decision 0020",
      unowned: "the '{{table}}' table names no @owner feature (db/schema/{{area}}.ts)",
    },
    schema: [],
  },
  create(context) {
    const writer = writerOf(context.filename);
    if (!writer) return {};
    owners ??= readTableOwners();
    /** local name → table, for the tables this file imports from db/schema */
    const imported = new Map();
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(context.filename), source);
        if (target !== SCHEMA && path.dirname(target) !== SCHEMA) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && owners[spec.imported.name]) {
            imported.set(spec.local.name, spec.imported.name);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
        const [first] = node.arguments;
        if (first?.type !== 'Identifier' || !imported.has(first.name)) return;
        const table = imported.get(first.name);
        const { owner, writers, area } = owners[table];
        if (!owner) {
          context.report({ node: first, messageId: 'unowned', data: { table, area } });
          return;
        }
        if (owner === writer || writers.includes(writer)) return;
        context.report({ node: first, messageId: 'foreign', data: { table, owner, writer, area } });
      },
    };
  },
};

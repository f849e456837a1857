// ESLint rule: another server feature is reached through its index.ts only (decision 0005, "Feature boundaries").
// A file in features/a may import '../b' or '../b/index', never '../b/anything-else'; app.ts, the tests and the
// benchmarks are held to the same. Paths are resolved, so a file's depth in its feature does not matter.
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

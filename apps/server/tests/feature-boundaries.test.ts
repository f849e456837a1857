import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rule of decision 0005 ("Feature boundaries"), run through the repository's own eslint.config.js.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary complaints about `code` as if it were the file at `file` (relative to the repository). */
async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'buildai/feature-boundaries').map((m) => m.message);
}

describe('feature boundaries', () => {
  it('refuses a deep import into another feature, from any depth of the importing feature', async () => {
    expect(
      await complaints(
        'apps/server/src/features/runtime/probe.ts',
        "import { loadTools } from '../apps/load-app';\nexport { loadTools };\n",
      ),
    ).toEqual(["import the 'apps' feature through its index ('../apps'), not '../apps/load-app'"]);
    expect(
      await complaints(
        'apps/server/src/features/context/retrieval/probe.ts',
        "export { readSettings } from '../../apps/view';\n",
      ),
    ).toEqual(["import the 'apps' feature through its index ('../../apps'), not '../../apps/view'"]);
  });

  it("allows another feature's index and any file of the feature itself", async () => {
    expect(
      await complaints(
        'apps/server/src/features/runtime/probe.ts',
        "import { loadTools } from '../apps';\nimport { isOwnerOf } from '../apps/index';\n" +
          "import { admitRun } from './run-limits';\nexport { loadTools, isOwnerOf, admitRun };\n",
      ),
    ).toEqual([]);
    expect(
      await complaints(
        'apps/server/src/features/context/retrieval/probe.ts',
        "import { chunkProse } from '../chunk';\nexport { chunkProse };\n",
      ),
    ).toEqual([]);
  });

  it('holds app.ts, the tests and the benchmarks to the same rule', async () => {
    expect(
      await complaints('apps/server/src/app.ts', "export { plansRoutes } from './features/plans/routes';\n"),
    ).toEqual([
      "import the 'plans' feature through its index ('./features/plans'), not './features/plans/routes'",
    ]);
    expect(
      await complaints(
        'apps/server/tests/probe.test.ts',
        "import { chunkProse } from '../src/features/context/chunk';\nexport { chunkProse };\n",
      ),
    ).toEqual([
      "import the 'context' feature through its index ('../src/features/context'), not '../src/features/context/chunk'",
    ]);
    expect(
      await complaints(
        'bench/probe.ts',
        "import { retrieveContext } from '../apps/server/src/features/context';\nexport { retrieveContext };\n",
      ),
    ).toEqual([]);
  });
});

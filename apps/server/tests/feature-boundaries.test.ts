import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTableOwners } from '../../../scripts/eslint/feature-boundaries.js';

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

/** The web's import-rule complaints about `code` as if it were the file at `file` (relative to the repository). */
async function webComplaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message.replace(/^.* import is restricted from being used by a pattern\. /, ''));
}

describe('web feature boundaries', () => {
  const featuresDir = path.join(root, 'apps/web/src/features');
  const folders = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const crossing = 'a web feature never imports another web feature (compose in app/)';

  it('guards every folder of apps/web/src/features, and only those', async () => {
    expect(folders.length).toBeGreaterThan(1);
    for (const feature of folders) {
      const other = folders.find((f) => f !== feature)!;
      const file = `apps/web/src/features/${feature}/probe.ts`;
      // the guard holds for this folder: another feature is refused, its own files are not
      expect(
        await webComplaints(file, `import { x } from '@/features/${other}/lib/x';\nexport { x };\n`),
        feature,
      ).toEqual([crossing]);
      expect(
        await webComplaints(file, `import { x } from '@/features/${feature}/lib/x';\nexport { x };\n`),
        feature,
      ).toEqual([]);
    }
    // a name that is no folder has no block of its own (the list is the folders, not a copy of them)
    const config = await eslint.calculateConfigForFile(
      path.join(root, 'apps/web/src/features/home/probe.ts'),
    );
    expect(JSON.stringify(config.rules?.['no-restricted-imports'] ?? [])).not.toContain('!@/features/home');
  });

  it('lets app/ compose features', async () => {
    expect(
      await webComplaints(
        'apps/web/src/app/probe.ts',
        "import { SpaceChat } from '@/features/space-chat';\nexport { SpaceChat };\n",
      ),
    ).toEqual([]);
  });
});

/** The table-owner complaints about `code` as if it were the file at `file` (relative to the repository). */
async function ownerComplaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'buildai/table-owners').map((m) => m.message);
}

describe('table owners', () => {
  it('names an owning feature on every table of db/schema, and only features write beside it', async () => {
    const owners = readTableOwners();
    const features = fs
      .readdirSync(path.join(root, 'apps/server/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const known = new Set([...features, 'platform']);
    expect(Object.keys(owners)).toEqual(expect.arrayContaining(['apps', 'appRecords', 'mailOutbox']));
    const problems = Object.entries(owners).flatMap(([table, { owner, writers, area }]) => [
      ...(owner && known.has(owner) ? [] : [`${area}.ts: ${table} has no @owner feature (${owner})`]),
      ...writers.filter((w) => !known.has(w)).map((w) => `${area}.ts: ${table} names '${w}', not a feature`),
    ]);
    expect(
      problems,
      'each pgTable in apps/server/src/db/schema needs `@owner <feature>` in its comment',
    ).toEqual([]);
  });

  it("refuses a write to another feature's table, and allows its owner, its named writers and any read", async () => {
    const write = (from: string) =>
      `import { apiKeys, apps } from '${from}';\n` +
      'export const go = (db: any) => Promise.all([\n' +
      '  db.insert(apiKeys).values({}),\n' +
      '  db.update(apiKeys).set({}),\n' +
      '  db.delete(apiKeys),\n' +
      '  db.select().from(apiKeys).innerJoin(apps, undefined),\n' +
      ']);\n';
    const foreign =
      "the 'apiKeys' table is written by the 'api-keys' feature: call it through its index, or name 'runtime' " +
      "in the table's @writers (db/schema/reach.ts) with a reason in decision 0020";
    expect(
      await ownerComplaints('apps/server/src/features/runtime/probe.ts', write('../../db/schema')),
    ).toEqual([foreign, foreign, foreign]);
    // the area's own file is the same table
    expect(
      await ownerComplaints(
        'apps/server/src/features/runtime/deep/probe.ts',
        write('../../../db/schema/reach'),
      ),
    ).toEqual([foreign, foreign, foreign]);
    expect(
      await ownerComplaints('apps/server/src/features/api-keys/probe.ts', write('../../db/schema')),
    ).toEqual([]);
    // `apps` names the features that write it today besides its owner
    expect(
      await ownerComplaints(
        'apps/server/src/features/claims/probe.ts',
        "import { apps } from '../../db/schema';\nexport const go = (db: any) => db.update(apps).set({});\n",
      ),
    ).toEqual([]);
    expect(
      await ownerComplaints(
        'apps/server/src/platform/probe.ts',
        "import { apps } from '../db/schema';\nexport const go = (db: any) => db.delete(apps);\n",
      ),
    ).toEqual([
      "the 'apps' table is written by the 'apps' feature: call it through its index, or name 'platform' " +
        "in the table's @writers (db/schema/apps.ts) with a reason in decision 0020",
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { signUpBuilder } from '@buildai/testkit';
import { validationDetectors } from '@buildai/domain';
import { VALIDATION_APP, VALIDATION_ISSUES } from './fixtures/validation-app';
import { chatTurn, getJson, newSpaceApp, useChatServer, type ChatServer } from './spaces-helpers';

const ADMIN = 'validation-admin@example.com';
let s: ChatServer;
useChatServer((started) => (s = started), ADMIN);

/** A space app whose one chat turn wrote `files`, with a Task entity: its id and the version the turn made. */
async function appWithVersion(files: Record<string, string>) {
  const appId = await newSpaceApp(s.server, s.token);
  const entity = await s.server.request(`/api/apps/${appId}/entities/Task`, {
    method: 'PUT',
    token: s.token,
    json: { schema: { properties: { title: { type: 'string' } }, required: ['title'] } },
  });
  expect(entity.status).toBe(201);
  s.llm.enqueue([
    {
      toolCalls: [
        ...Object.entries(files).map(([path, content]) => ({
          name: 'add_file',
          arguments: { path, content },
        })),
        { name: 'delete_file', arguments: { path: 'pages/Home.tsx' } },
      ],
    },
    { text: 'Written.' },
  ]);
  await chatTurn(s.server, appId, 'Write the app', { token: s.token });
  const { versions } = await getJson(s.server, `/api/apps/${appId}/versions`, s.token);
  const version = versions[0] as { id: string; messageId: string };
  return { appId, versionId: version.id, messageId: version.messageId };
}

const validate = (appId: string, versionId: string, json: unknown, token = s.token) =>
  s.server.request(`/api/apps/${appId}/versions/${versionId}/validate`, { method: 'POST', token, json });

describe('POST /api/apps/{appId}/versions/{versionId}/validate', () => {
  it('finds one issue of each detector with its file, component and line', async () => {
    const { appId, versionId, messageId } = await appWithVersion(VALIDATION_APP);
    const res = await validate(appId, versionId, { messageId, messageContent: 'Write the app' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      issues: { detectorId: string; file: string; line: number; componentName: string; message: string }[];
      detectors: { detectorId: string; issueCount: number }[];
      executionTimeMs: number;
    };
    for (const [detectorId, file, line] of VALIDATION_ISSUES) {
      const found = body.issues.filter((i) => i.detectorId === detectorId);
      expect(found, detectorId).toEqual([expect.objectContaining({ file, line })]);
    }
    const by = (id: string) => body.issues.find((i) => i.detectorId === id)!;
    expect(by('syntax')).toMatchObject({
      componentName: 'Broken',
      severity: 'error',
      message: 'Expression expected.',
    });
    expect(by('types')).toMatchObject({
      componentName: 'Index',
      message: "Type 'string' is not assignable to type 'number'.",
    });
    expect(by('imports').message).toMatch(
      /^"lodash" cannot be imported: an app may import its own files and these packages: react,/,
    );
    expect(by('default-export')).toMatchObject({
      componentName: 'Tasks',
      message:
        'src/pages/Tasks.tsx does not default-export a React component: add "export default function Tasks() { … }"',
    });
    expect(by('jsx-components').message).toBe('<Sparkle> is used but Sparkle is not defined or imported');
    expect(by('icons').message).toBe('"Hart" is not an icon of lucide-react (did you mean "Heart"?)');
    expect(by('entities')).toMatchObject({
      componentName: 'Tasks',
      message: 'entities.Todo is not an entity of this app (its entities: Task)',
    });
    expect(by('unused-imports')).toMatchObject({
      severity: 'warning',
      message: '"_" is imported but never used',
    });
    expect(by('tailwind')).toMatchObject({
      severity: 'warning',
      message: '"fancy-glow" is not a Tailwind class: it generates no CSS',
    });
    // every detector ran, in the spec's order, with its count
    expect(body.detectors.map((d) => d.detectorId)).toEqual(validationDetectors.map((d) => d.detectorId));
    expect(body.detectors.every((d) => d.issueCount === 1)).toBe(true);
    expect(body.executionTimeMs).toBeGreaterThan(0);
    // the first validation of a server loads the TypeScript compiler and the packages' types
  }, 60_000);

  it('finds nothing in an app that is fine', async () => {
    const { appId, versionId, messageId } = await appWithVersion({
      'src/App.tsx': `import { useState } from "react";
import { Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { entities } from "@buildai/app-sdk";

export default function App() {
  const [n, setN] = useState(0);
  const add = () => entities.Task.create({ title: String(n) });
  return (
    <main className="mx-auto max-w-xl p-8 text-primary hover:underline md:p-12">
      <Star className="size-4" />
      <Button onClick={() => { setN(n + 1); void add(); }}>Add {n}</Button>
    </main>
  );
}
`,
    });
    const res = await validate(appId, versionId, { messageId, messageContent: '' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { issues: unknown[] }).issues).toEqual([]);
  });

  it("answers 404 for another builder's app and an unknown version, 403 to a builder who is not an admin, 400 for bad input", async () => {
    const { appId, versionId, messageId } = await appWithVersion({
      'src/App.tsx': 'export default function App() { return <p>Hi</p>; }\n',
    });
    const stranger = await signUpBuilder(s.server);
    const other = await validate(appId, versionId, { messageId, messageContent: '' }, stranger.idToken);
    expect(other.status).toBe(404);
    // the stranger's own app: a builder who is not an admin does not get the tester
    const own = await newSpaceApp(s.server, stranger.idToken);
    const notAdmin = await validate(own, versionId, { messageId, messageContent: '' }, stranger.idToken);
    expect(notAdmin.status).toBe(403);

    const unknown = await validate(appId, 'nosuchversion000000', { messageId, messageContent: '' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'Version not found',
    );

    const missing = await validate(appId, versionId, { messageContent: '' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('request/invalid');
    const wrongType = await validate(appId, versionId, { messageId, messageContent: 42 });
    expect(wrongType.status).toBe(400);
    expect((await validate(appId, versionId, { messageId, messageContent: '' }, '')).status).toBe(401);
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function validated(files: Record<string, string>) {
  const app = await appWithVersion(files);
  const res = await validate(app.appId, app.versionId, { messageId: app.messageId, messageContent: '' });
  expect(res.status).toBe(200);
  const { issues } = (await res.json()) as { issues: Json[] };
  return { ...app, issues };
}

const repair = (appId: string, versionId: string, json: unknown, token = s.token) =>
  s.server.request(`/api/apps/${appId}/versions/${versionId}/repair`, { method: 'POST', token, json });

const chatCalls = () => s.llm.requests.filter((r) => r.path === '/v1/chat/completions').length;

const MECHANICAL = `import { Hart } from "lucide-react";
import { format } from "date-fns";

export default function App() {
  const [n, setN] = useState(0);
  return (
    <main className="p-8">
      <Hart className="size-4" />
      <Button onClick={() => setN(n + 1)}>Liked {n}</Button>
    </main>
  );
}
`;

const TYPED_BROKEN = `export default function App() {
  const total: number = "twelve";
  return <p className="p-4">{total}</p>;
}
`;
const TYPED_FIXED = `export default function App() {
  const total: number = 12;
  return <p className="p-4">{total}</p>;
}
`;
const fenced = (code: string) => `Here is the corrected file.\n\n\`\`\`tsx\n${code}\`\`\`\n`;

describe('POST /api/apps/{appId}/versions/{versionId}/repair', () => {
  it('repairs the mechanical issues by rules, without a model call, and leaves the app as it was', async () => {
    const { appId, versionId, messageId, issues } = await validated({ 'src/App.tsx': MECHANICAL });
    expect(issues.map((i) => i.detectorId).sort()).toEqual([
      'icons',
      'jsx-components',
      'types',
      'unused-imports',
    ]);
    const calls = chatCalls();
    const res = await repair(appId, versionId, {
      messageId,
      messageContent: '',
      initialIssues: issues,
      iterations: 1,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Json;
    expect(chatCalls()).toBe(calls);
    expect(result.unresolvedIssues).toEqual([]);
    expect(result.iterationsPerformed).toBe(0);
    expect(result.initialIssues).toEqual(issues);
    expect(result.previousVersionId).toBe(versionId);
    expect(result.repairedFiles).toEqual([{ fileId: 'src/App.tsx', issuesFixed: 4 }]);
    const detail = result.repairProcessDetails[0];
    expect(detail).toMatchObject({
      fileId: 'src/App.tsx',
      initialIssueCount: 4,
      finalIssueCount: 0,
      repairSuccess: true,
    });
    expect(detail.aiRepairs).toEqual([]);
    expect(
      detail.ruleBasedRepairs.map((r: Json) => [r.detectorId, r.success, r.modelUsed, r.prompt]),
    ).toEqual(
      expect.arrayContaining([
        ['icons', true, 'rules', ''],
        ['unused-imports', true, 'rules', ''],
        ['jsx-components', true, 'rules', ''],
        ['types', true, 'rules', ''],
      ]),
    );
    expect(detail.ruleBasedRepairs[0].originalContent).toBe(MECHANICAL);
    const fixed = result.appBundle.files.find((f: Json) => f.path === 'src/App.tsx').content as string;
    expect(fixed).toContain('import { Heart } from "lucide-react";');
    expect(fixed).toContain('<Heart className="size-4" />');
    expect(fixed).toContain('import { Button } from "@/components/ui/button";');
    expect(fixed).toContain('import { useState } from "react";');
    expect(fixed).not.toContain('date-fns');
    expect(result.timingBreakdown.repairOnlyTimeMs).toBeGreaterThanOrEqual(0);
    expect(result.timingBreakdown.applyingActionsMs).toBeGreaterThan(0);
    expect(result.executionTimeMs).toBeGreaterThan(0);
    expect(result.customModelResult).toBeNull();
    // a repair never changes the app
    const { files } = await getJson(s.server, `/api/apps/${appId}/files`, s.token);
    expect(files.find((f: Json) => f.path === 'src/App.tsx').content).toBe(MECHANICAL);
  }, 60_000);

  it('asks the model for what rules cannot fix, round after round up to the iterations asked', async () => {
    const { appId, versionId, messageId, issues } = await validated({ 'src/App.tsx': TYPED_BROKEN });
    expect(issues).toEqual([expect.objectContaining({ detectorId: 'types', line: 2 })]);
    // the first answer is still wrong, the second is right
    s.llm.enqueue([
      { text: fenced(TYPED_BROKEN.replace('"twelve"', '"12"')) },
      { text: fenced(TYPED_FIXED) },
    ]);
    const res = await repair(appId, versionId, {
      messageId,
      messageContent: 'x',
      initialIssues: issues,
      iterations: 3,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Json;
    expect(result.iterationsPerformed).toBe(2);
    expect(result.unresolvedIssues).toEqual([]);
    const ai = result.repairProcessDetails[0].aiRepairs as Json[];
    expect(ai).toHaveLength(2);
    expect(ai[0]).toMatchObject({
      detectorId: 'types',
      success: true,
      modelUsed: 'gpt-4o-mini',
      originalContent: TYPED_BROKEN,
    });
    expect(ai[0]!.prompt).toContain("line 2 (types): Type 'string' is not assignable to type 'number'.");
    expect(ai[0]!.prompt).toContain(TYPED_BROKEN);
    expect(ai[1]!.outputContent).toBe(TYPED_FIXED);
    expect(result.appBundle.files).toEqual([{ path: 'src/App.tsx', content: TYPED_FIXED }]);
    // the model got the file and its problems
    const sent = JSON.stringify(s.llm.requests.at(-1)!.body);
    expect(sent).toContain("Type 'string' is not assignable to type 'number'.");
  }, 60_000);

  it('runs a custom model in parallel and answers both results; a failing model is said so', async () => {
    const { appId, versionId, messageId, issues } = await validated({ 'src/App.tsx': TYPED_BROKEN });
    s.llm.respondWith((entry) => {
      const model = (entry.body as { model?: string }).model;
      return model === 'custom-coder'
        ? { text: fenced(TYPED_FIXED), delayMs: 50 }
        : { text: fenced(TYPED_FIXED) };
    });
    const res = await repair(appId, versionId, {
      messageId,
      messageContent: '',
      initialIssues: issues,
      iterations: 1,
      customModel: 'custom-coder',
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Json;
    expect(result.modelUsed).toBe('gpt-4o-mini');
    expect(result.unresolvedIssues).toEqual([]);
    expect(result.customModelError).toBeNull();
    expect(result.customModelResult).toMatchObject({
      modelUsed: 'custom-coder',
      unresolvedIssues: [],
      iterationsPerformed: 1,
    });
    expect(result.customModelResult.repairProcessDetails[0].aiRepairs[0].modelUsed).toBe('custom-coder');
    const models = s.llm.requests.map((r) => (r.body as { model?: string }).model);
    expect(models).toEqual(expect.arrayContaining(['gpt-4o-mini', 'custom-coder']));

    // the custom model fails: the default result still comes, with the spec's words for the other
    s.llm.respondWith((entry) =>
      (entry.body as { model?: string }).model === 'custom-coder'
        ? { error: { status: 404, message: 'The model custom-coder does not exist' } }
        : { text: fenced(TYPED_FIXED) },
    );
    const half = (await (
      await repair(appId, versionId, {
        messageId,
        messageContent: '',
        initialIssues: issues,
        iterations: 1,
        customModel: 'custom-coder',
      })
    ).json()) as Json;
    expect(half.unresolvedIssues).toEqual([]);
    expect(half.customModelResult).toBeNull();
    expect(half.customModelError).toBe('Failed to repair with custom model');

    // the default model fails: the repair fails with the spec's words
    s.llm.respondWith(() => ({ error: { status: 500, message: 'upstream down' } }));
    const failed = await repair(appId, versionId, {
      messageId,
      messageContent: '',
      initialIssues: issues,
      iterations: 1,
    });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as Json).error.message).toBe('Failed to repair with default model');
  }, 60_000);

  it("refuses bad input with the spec's words and changes nothing", async () => {
    const { appId, versionId, messageId, issues } = await validated({ 'src/App.tsx': TYPED_BROKEN });
    const calls = chatCalls();
    const none = await repair(appId, versionId, {
      messageId,
      messageContent: '',
      initialIssues: [],
      iterations: 1,
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Json).error.message).toBe(
      'Please run validation first and ensure there are issues to repair',
    );
    for (const iterations of [0, 6, 1.5]) {
      const res = await repair(appId, versionId, {
        messageId,
        messageContent: '',
        initialIssues: issues,
        iterations,
      });
      expect(res.status, String(iterations)).toBe(400);
      expect(((await res.json()) as Json).error.field).toBe('iterations');
    }
    const unknown = await repair(appId, 'nosuchversion000000', {
      messageId,
      messageContent: '',
      initialIssues: issues,
      iterations: 1,
    });
    expect(unknown.status).toBe(404);
    const stranger = await signUpBuilder(s.server);
    const other = await repair(
      appId,
      versionId,
      { messageId, messageContent: '', initialIssues: issues, iterations: 1 },
      stranger.idToken,
    );
    expect(other.status).toBe(404);
    expect(chatCalls()).toBe(calls);
    const { files } = await getJson(s.server, `/api/apps/${appId}/files`, s.token);
    expect(files.find((f: Json) => f.path === 'src/App.tsx').content).toBe(TYPED_BROKEN);
  }, 60_000);
});

describe('POST /api/apps/{appId}/versions/{versionId}/apply-bundle', () => {
  it("makes the bundle the app's files as a new version, diffable and revertible", async () => {
    const { appId, versionId, messageId } = await validated({ 'src/App.tsx': TYPED_BROKEN });
    const apply = (json: unknown, token = s.token) =>
      s.server.request(`/api/apps/${appId}/versions/${versionId}/apply-bundle`, {
        method: 'POST',
        token,
        json,
      });
    const stranger = await signUpBuilder(s.server);
    const bundle = { messageId, files: [{ path: 'src/App.tsx', content: TYPED_FIXED }] };
    expect((await apply(bundle, stranger.idToken)).status).toBe(404);
    expect((await apply({ messageId, files: [] })).status).toBe(400);
    expect((await apply({ messageId, files: [{ path: '../x.tsx', content: '' }] })).status).toBe(400);
    const twice = await apply({ messageId, files: [bundle.files[0], bundle.files[0]] });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as Json).error.message).toBe('The bundle names a file twice');

    const res = await apply(bundle);
    expect(res.status).toBe(200);
    const applied = (await res.json()) as Json;
    expect(applied.applied).toBe(true);
    expect(applied.versionId).not.toBe(versionId);
    const { files } = await getJson(s.server, `/api/apps/${appId}/files`, s.token);
    expect(files).toEqual([expect.objectContaining({ path: 'src/App.tsx', content: TYPED_FIXED })]);
    const { versions } = await getJson(s.server, `/api/apps/${appId}/versions`, s.token);
    expect(versions[0]).toMatchObject({
      id: applied.versionId,
      messageId,
      userRequest: 'Applied a repaired bundle',
    });
    const diffable = await getJson(s.server, `/api/apps/${appId}/versions/${applied.versionId}`, s.token);
    expect(diffable.files).toEqual([{ path: 'src/App.tsx', content: TYPED_FIXED }]);
    // reverting: the version it came from is restored
    const restored = await s.server.request(`/api/apps/${appId}/versions/${versionId}/restore`, {
      method: 'POST',
      token: s.token,
      json: { messageId },
    });
    expect(restored.status).toBe(200);
    const after = await getJson(s.server, `/api/apps/${appId}/files`, s.token);
    expect(after.files).toEqual([expect.objectContaining({ path: 'src/App.tsx', content: TYPED_BROKEN })]);
  }, 60_000);
});

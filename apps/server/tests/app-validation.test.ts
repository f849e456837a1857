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

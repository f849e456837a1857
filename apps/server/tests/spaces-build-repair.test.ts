import { describe, expect, it } from 'vitest';
import type { FakeLlm, TestServer } from '@buildai/testkit';
import { chatTurn, getJson, newSpaceApp, useChatServer } from './spaces-helpers';

// A file action that leaves the app unbuildable answers the model with the build errors, so it repairs them in the
// same turn; a turn that ends broken says so; publishing refuses an app that does not build (decision 0012).

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const HOME = `import { Button } from "@/components/ui/button";
import { Hero } from "@/components/Hero";

export default function Home() {
  return <main className="p-6"><Hero /><Button>Start</Button></main>;
}
`;
const HERO = `export function Hero() {
  return <h1 className="text-4xl font-bold tracking-tight">Plan your week</h1>;
}
`;

const add = (path: string, content: string) => ({
  toolCalls: [{ name: 'add_file', arguments: { path, content } }],
});

/** The tool results the model was sent in one request (OpenAI's `tool` messages), parsed. */
function toolResults(body: unknown): Record<string, unknown>[] {
  const messages = (body as { messages: { role: string; content: string }[] }).messages;
  return messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content) as Record<string, unknown>);
}

describe('build errors inside the turn', () => {
  it("sends the model its file's build errors, and the turn ends with the app building after its repair", async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      add('pages/Home.tsx', HOME),
      add('components/Hero.tsx', HERO),
      { text: 'Added the home page with a hero.' },
    ]);
    await chatTurn(server, appId, 'A planner home page', { token });

    const second = toolResults(llm.requests[1]!.body);
    expect(second).toEqual([
      {
        ok: true,
        build:
          'The app does not build now. Fix these errors before you finish, with more file changes (or add the files they import):',
        buildErrors: [
          { file: 'pages/Home.tsx', line: 2, message: '"@/components/Hero" is not a file of this app' },
        ],
      },
    ]);
    const third = toolResults(llm.requests[2]!.body);
    expect(third.at(-1)).toEqual({ ok: true, build: 'The app builds.' });

    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages[1].content).toBe('Added the home page with a hero.');
    expect(messages[1].annotations[0].buildErrors).toBeUndefined();
  });

  it('says in its message when the turn ends with the app still broken, and keeps the errors', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([add('pages/Home.tsx', HOME), { text: 'Here is your page.' }]);
    await chatTurn(server, appId, 'A planner home page', { token });
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages[1].content).toBe(
      'Here is your page.\n\nThe app does not build yet (1 build error): pages/Home.tsx:2:22: "@/components/Hero" is not a file of this app. The issues panel lists them; ask me to fix them.',
    );
    expect(messages[1].annotations[0].buildErrors).toEqual([
      {
        file: 'pages/Home.tsx',
        line: 2,
        column: 22,
        message: '"@/components/Hero" is not a file of this app',
      },
    ]);
  });
});

describe('publishing', () => {
  it('refuses an app that does not build, naming its errors, and publishes it once it builds', async () => {
    const appId = await newSpaceApp(server, token);
    // the code editor's route is for admins: a builder writes through the chat
    llm.enqueue([add('pages/Home.tsx', HOME), { text: 'Done.' }]);
    await chatTurn(server, appId, 'A page', { token });
    const refused = await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'space/publish-build-failed',
      message:
        'This app does not build, so it cannot be published: fix its build errors first. pages/Home.tsx:2:22: "@/components/Hero" is not a file of this app',
    });
    // nothing was published
    expect((await getJson(server, `/api/apps/${appId}`, token)).isPublished).toBe(false);
    expect((await server.appRequest(`/apps/${appId}/`)).status).toBe(404);

    llm.enqueue([add('components/Hero.tsx', HERO), { text: 'Fixed.' }]);
    await chatTurn(server, appId, 'Fix it', { token });
    expect((await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token })).status).toBe(200);
    const html = await (await server.appRequest(`/apps/${appId}/`)).text();
    expect(html).toContain('Plan your week');
    // the stylesheet is in the document, with the classes the files use
    expect(html).toMatch(/<style id="bai-app-css">[\s\S]*\.text-4xl\s*\{[\s\S]*<\/style>/);
  });
});

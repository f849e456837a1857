import { describe, expect, it } from 'vitest';
import { type FakeLlm, type TestServer } from '@buildai/testkit';
import { chatTurn, getJson, newSpaceApp, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const ABOUT = `export default function About() {\n  return <h1>About us</h1>;\n}\n`;

describe('the chat of a space app', () => {
  it('adds a file, then edits part of it, storing messages, actions, annotations, usage and a version per turn', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      {
        toolCalls: [
          {
            id: 'call_add',
            name: 'add_file',
            arguments: { path: 'pages/About.tsx', content: ABOUT },
            argumentChunks: 5,
          },
        ],
        usage: { prompt_tokens: 1000, completion_tokens: 50 },
      },
      { chunks: ['Added ', 'an About page.'], usage: { prompt_tokens: 1100, completion_tokens: 5 } },
    ]);
    const first = await chatTurn(server, appId, 'Add an About page', { token, id: 'msg_1' });
    expect(first[0]).toMatchObject({ type: 'start', messageMetadata: { model: 'gpt-4o-mini' } });
    const assistantId = first[0]!.messageId as string;
    expect(first.filter((c) => c.type === 'tool-input-delta').length).toBeGreaterThanOrEqual(5);
    expect(first).toContainEqual(
      expect.objectContaining({
        type: 'tool-output-available',
        toolCallId: 'call_add',
        output: { ok: true, build: 'The app builds.' },
      }),
    );
    const end = first.at(-1)!;
    expect(end.type).toBe('finish');
    expect(end.messageMetadata.usage).toMatchObject({
      promptTokens: 2100,
      completionTokens: 55,
      finishReason: 'stop',
    });
    expect(end.messageMetadata.usage.totalCost).toBeGreaterThan(0);

    const files = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(files.files).toContainEqual({ path: 'pages/About.tsx', content: ABOUT });

    // the model was told the layout, every path, and sent the request
    const sent = JSON.stringify(llm.requests[0]!.body);
    expect(sent).toContain('pages/{Name}.tsx');
    expect(sent).toContain('@/components/ui/button');
    expect(sent).toContain('react-router-dom');
    expect(sent).toContain('pages/Home.tsx');
    expect(sent).toContain('Add an About page');

    const asked = llm.requests.length;
    llm.enqueue([
      {
        text: 'Editing the About page.',
        toolCalls: [
          {
            name: 'partial_edit',
            arguments: { path: 'pages/About.tsx', search: 'About us', replace: 'Who we are' },
          },
        ],
      },
      { text: 'Renamed the heading.' },
    ]);
    await chatTurn(server, appId, 'Rename the About heading to Who we are', { token, id: 'msg_2' });
    const after = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(after.files).toContainEqual({
      path: 'pages/About.tsx',
      content: ABOUT.replace('About us', 'Who we are'),
    });
    // the second turn read the file it edits (named in the request)
    expect(JSON.stringify(llm.requests[asked]!.body)).toContain('<h1>About us</h1>');

    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const [user1, answer1, user2, answer2] = messages;
    expect(user1).toMatchObject({ id: 'msg_1', content: 'Add an About page' });
    expect(answer1).toMatchObject({ id: assistantId, content: 'Added an About page.' });
    expect(answer1.actions).toEqual([
      {
        title: 'Create pages/About.tsx',
        type: 'add_file',
        file: 'pages/About.tsx',
        content: ABOUT,
        isComplete: true,
        isTruncated: false,
      },
    ]);
    expect(answer1.parts.map((p: { type: string }) => p.type)).toEqual(['tool-add_file', 'text']);
    expect(answer1.annotations[0].usage.promptTokens).toBe(2100);
    expect(answer2.actions[0]).toMatchObject({
      type: 'partial_edit',
      content: 'Who we are',
      isComplete: true,
    });

    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      messageId: 'msg_2',
      userRequest: 'Rename the About heading to Who we are',
      // each step's text is a paragraph of its own
      content: 'Editing the About page.\n\nRenamed the heading.',
    });
    expect(answer2.content).toBe('Editing the About page.\n\nRenamed the heading.');
    expect(user1.annotations[0].versionId).toBe(versions[1].id);
    expect(user2.annotations[0].versionId).toBe(versions[0].id);
    expect(answer2.annotations[0].versionId).toBe(versions[0].id);
    const v1 = await getJson(server, `/api/apps/${appId}/versions/${versions[1].id}`, token);
    expect(v1.files).toContainEqual({ path: 'pages/About.tsx', content: ABOUT });
  }, 60_000);
});

describe('a turn cut off by the output limit', () => {
  it('keeps the file as it was, marks the action truncated, and a continue message finishes the file', async () => {
    const appId = await newSpaceApp(server, token);
    const before = await getJson(server, `/api/apps/${appId}/files`, token);
    const page = `export default function Home() {\n  return <h1>Recipes</h1>;\n}\n`;
    const args = JSON.stringify({ path: 'pages/Home.tsx', content: page });
    llm.enqueue({
      text: 'Rewriting the home page.',
      toolCalls: [{ name: 'edit_file', arguments: args, cutAt: args.indexOf('<h1>') + 6 }],
    });
    const chunks = await chatTurn(server, appId, 'Make the home page about recipes', { token });
    // one model call: the turn stops at the cut, it does not go on from a file never written
    expect(llm.requests).toHaveLength(1);
    expect(chunks.at(-1)).toMatchObject({
      type: 'finish',
      messageMetadata: { usage: { finishReason: 'length' }, status: 'complete' },
    });
    // the stream's last word carries the recorded actions: the cut one reads truncated without a reload
    expect(chunks.at(-1)!.messageMetadata.actions).toMatchObject([{ type: 'edit_file', isTruncated: true }]);
    expect(await getJson(server, `/api/apps/${appId}/files`, token)).toEqual(before);

    const cut = (await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages[1];
    expect(cut.content).toBe('Rewriting the home page.');
    expect(cut.actions).toEqual([
      {
        title: 'Edit pages/Home.tsx',
        type: 'edit_file',
        file: 'pages/Home.tsx',
        content: 'export default function Home() {\n  return <h1>Re',
        isComplete: false,
        isTruncated: true,
      },
    ]);
    expect(cut.annotations[0].versionId).toBeUndefined();
    expect((await getJson(server, `/api/apps/${appId}/versions`, token)).versions).toEqual([]);

    llm.enqueue([
      { toolCalls: [{ name: 'edit_file', arguments: { path: 'pages/Home.tsx', content: page } }] },
      { text: 'Finished the home page.' },
    ]);
    await chatTurn(server, appId, "Let's keep going", { token, system: 'continue' });
    const system = (llm.requests[1]!.body as { messages: { role: string; content: string }[] }).messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('in the middle of edit_file for pages/Home.tsx');
    expect(system.content).toContain(
      'export default function Home() {\n  return <h1>Re\n--- end of pages/Home.tsx ---',
    );
    expect(system.content).toContain('Write the whole file pages/Home.tsx now with one edit_file call');
    const files = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(files.files).toEqual([{ path: 'pages/Home.tsx', content: page }]);
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages[2].annotations[0]).toMatchObject({ systemActionInfo: { type: 'continue' } });
    expect(messages[3].actions[0]).toMatchObject({ isComplete: true, isTruncated: false });
  }, 60_000);
});

describe('file actions the tools refuse', () => {
  it('answers the model why and changes nothing: a search text found twice or not at all, a bad path', async () => {
    const appId = await newSpaceApp(server, token);
    const before = await getJson(server, `/api/apps/${appId}/files`, token);
    llm.enqueue([
      {
        toolCalls: [
          {
            id: 'c1',
            name: 'partial_edit',
            arguments: { path: 'pages/Home.tsx', search: 'foreground', replace: 'x' },
          },
          {
            id: 'c2',
            name: 'partial_edit',
            arguments: { path: 'pages/Home.tsx', search: 'nowhere', replace: 'x' },
          },
          { id: 'c3', name: 'add_file', arguments: { path: '../evil.tsx', content: 'x' } },
        ],
      },
      { text: 'Could not change it.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Tweak the margins', { token });
    // the calls run side by side: their results are compared in the order they were made
    const outputs = ['c1', 'c2', 'c3'].map((id) =>
      chunks.find((c) => c.type === 'tool-output-available' && c.toolCallId === id),
    );
    expect(outputs.map((c) => c?.output)).toEqual([
      {
        ok: false,
        error:
          'The search text occurs 2 times in pages/Home.tsx; it must occur exactly once (add surrounding lines)',
      },
      { ok: false, error: 'The search text was not found in pages/Home.tsx; nothing was changed' },
      { ok: false, error: 'The file path has an empty, "." or ".." segment: ../evil.tsx' },
    ]);
    expect(await getJson(server, `/api/apps/${appId}/files`, token)).toEqual(before);
    const answer = (await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages[1];
    expect(answer.actions.map((a: { error?: string }) => a.error)).toEqual(
      outputs.map((c) => c?.output.error),
    );
    expect((await getJson(server, `/api/apps/${appId}/versions`, token)).versions).toEqual([]);
  }, 60_000);
});

describe('versions', () => {
  it('keeps the ten newest', async () => {
    const appId = await newSpaceApp(server, token);
    for (let i = 1; i <= 12; i++) {
      llm.enqueue([
        {
          toolCalls: [
            {
              name: 'add_file',
              arguments: { path: `components/C${i}.tsx`, content: `export const c = ${i};` },
            },
          ],
        },
        { text: `Added C${i}.` },
      ]);
      await chatTurn(server, appId, `Add component ${i}`, { token });
    }
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions.map((v: { userRequest: string }) => v.userRequest)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Add component ${12 - i}`),
    );
    const oldest = await getJson(server, `/api/apps/${appId}/versions/${versions[9].id}`, token);
    expect(oldest.files.map((f: { path: string }) => f.path)).toContain('components/C3.tsx');
    expect(oldest.files.map((f: { path: string }) => f.path)).not.toContain('components/C4.tsx');
  }, 120_000);
});

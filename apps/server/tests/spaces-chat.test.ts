import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { fakeLlmConfig } from './helpers';
import { chatTurn, getJson, newSpaceApp } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer(fakeLlmConfig(llm));
  token = (await signUpBuilder(server)).idToken;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});
afterEach(() => llm.reset());

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
        output: { ok: true },
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
    expect(sent).toContain('pages/Home.tsx');
    expect(sent).toContain('Add an About page');

    const asked = llm.requests.length;
    llm.enqueue([
      {
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
      content: 'Renamed the heading.',
    });
    expect(user1.annotations[0].versionId).toBe(versions[1].id);
    expect(user2.annotations[0].versionId).toBe(versions[0].id);
    expect(answer2.annotations[0].versionId).toBe(versions[0].id);
    const v1 = await getJson(server, `/api/apps/${appId}/versions/${versions[1].id}`, token);
    expect(v1.files).toContainEqual({ path: 'pages/About.tsx', content: ABOUT });
  }, 60_000);
});

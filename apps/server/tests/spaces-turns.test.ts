import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type FakeLlm, type TestServer } from '@buildai/testkit';
import { MAX_TURN_STEPS } from '../src/features/spaces';
import { eventually, json } from './helpers';
import { chat, chatTurn, getJson, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const addFile = (path: string, content: string) => ({
  toolCalls: [{ name: 'add_file', arguments: { path, content } }],
});

describe('one turn at a time', () => {
  it('answers 409 while a turn runs, and the chat is free again once it ends', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({ chunks: ['Working ', 'on ', 'it ', 'slowly.'], hold: 'first turn' });
    const first = await chat(server, appId, 'Start something', { token });
    expect(first.status).toBe(200);
    const second = await chat(server, appId, 'And this too', { token });
    expect(second.status).toBe(409);
    expect((await json(second)).error).toEqual({
      code: 'space/chat-busy',
      message: 'Please wait for chat to finish',
    });
    llm.release('first turn');
    await readUiChunks(first);
    llm.enqueue({ text: 'Done.' });
    const third = await chat(server, appId, 'Now this', { token });
    expect(third.status).toBe(200);
    await readUiChunks(third);
  }, 60_000);

  it('is not blocked by a turn whose server stopped (a streaming row long unwritten)', async () => {
    const appId = await newSpaceApp(server, token);
    await server.platform.db.insert(schema.appChatMessages).values({
      messageId: `stale${appId}`.slice(0, 40),
      appId,
      role: 'assistant',
      status: 'streaming',
      updatedAt: new Date(Date.now() - 12 * 60 * 1000),
    });
    llm.enqueue({ text: 'Hello again.' });
    const chunks = await chatTurn(server, appId, 'Are you there?', { token });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
  }, 60_000);

  it('runs the turn to its end when the caller hangs up, and a reload shows it', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      { ...addFile('pages/Late.tsx', 'export default function Late() { return null; }'), delayMs: 100 },
      { chunks: ['Added ', 'a ', 'late ', 'page.'], delayMs: 100 },
    ]);
    const res = await chat(server, appId, 'Add a late page', { token });
    await res.body!.cancel();
    const { messages } = await eventually(
      () => getJson(server, `/api/apps/${appId}/chat/messages`, token),
      (body) => body.messages[1]?.annotations[0]?.usage !== undefined,
    );
    expect(messages[1]).toMatchObject({ content: 'Added a late page.' });
    expect(messages[1].actions[0]).toMatchObject({ file: 'pages/Late.tsx', isComplete: true });
    expect((await getJson(server, `/api/apps/${appId}/versions`, token)).versions).toHaveLength(1);
  }, 60_000);
});

describe('a turn as it streams', () => {
  it('shows a completed action on reload before the turn ends', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      addFile('pages/Early.tsx', 'export default function Early() { return null; }'),
      { chunks: Array.from({ length: 10 }, (_, i) => `word${i} `), hold: 'answer' },
    ]);
    const res = await chat(server, appId, 'Add an early page', { token });
    const { messages } = await eventually(
      () => getJson(server, `/api/apps/${appId}/chat/messages`, token),
      (body) => body.messages[1]?.actions.length === 1,
    );
    expect(messages[1].actions[0]).toMatchObject({ file: 'pages/Early.tsx', isComplete: true });
    // still streaming: the usage comes with the end of the turn
    expect(messages[1].annotations[0].usage).toBeUndefined();
    expect(messages[1].status).toBe('streaming');
    llm.release('answer');
    await readUiChunks(res);
    const done = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(done.messages[1].status).toBe('complete');
  }, 60_000);

  it('stops after a bounded number of steps', async () => {
    const appId = await newSpaceApp(server, token);
    let n = 0;
    llm.respondWith(() => addFile(`components/Loop${n++}.tsx`, 'export {};'));
    const chunks = await chatTurn(server, appId, 'Loop for ever', { token });
    expect(llm.requests).toHaveLength(MAX_TURN_STEPS);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    const files = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(files.files).toHaveLength(MAX_TURN_STEPS + 1);
  }, 60_000);
});

describe('a provider that fails', () => {
  it('closes the answer as an error with the reason, and frees the chat', async () => {
    const appId = await newSpaceApp(server, token);
    // the SDK retries once
    llm.enqueue([
      { error: { status: 500, message: 'The model is down' } },
      { error: { status: 500, message: 'The model is down' } },
    ]);
    const chunks = await chatTurn(server, appId, 'Hello', { token });
    expect(chunks).toContainEqual({
      type: 'error',
      errorText: 'Failed after 2 attempts. Last error: The model is down',
    });
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages[1]).toMatchObject({ role: 'assistant', status: 'error', content: '' });
    expect(messages[1].annotations[0].error).toBe('Failed after 2 attempts. Last error: The model is down');
    llm.enqueue({ text: 'Back.' });
    expect((await chatTurn(server, appId, 'Again', { token })).at(-1)).toMatchObject({ type: 'finish' });
  }, 60_000);
});

describe('autofix', () => {
  it('refuses a third autofix in a row with 409, and counts again after a message of the builder', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue(Array.from({ length: 4 }, () => ({ text: 'Fixed.' })));
    await chatTurn(server, appId, 'Fix these errors: x is undefined', { token, system: 'autofix' });
    await chatTurn(server, appId, 'Fix these errors: y is undefined', { token, system: 'autofix' });
    const third = await chat(server, appId, 'Fix these errors: z is undefined', { token, system: 'autofix' });
    expect(third.status).toBe(409);
    expect((await json(third)).error).toEqual({
      code: 'space/autofix-limit',
      message: 'Auto fix already tried twice in a row: describe the problem to the assistant instead',
    });
    // nothing was stored for the refused message
    expect((await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages).toHaveLength(4);
    await chatTurn(server, appId, 'Make the title blue', { token });
    const again = await chat(server, appId, 'Fix: w', { token, system: 'autofix' });
    expect(again.status).toBe(200);
    await readUiChunks(again);
  }, 60_000);
});

describe('context files', () => {
  it('records which methods retrieved which files, the files the turn changed, and each method recall', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      {
        toolCalls: [
          {
            name: 'add_file',
            arguments: {
              path: 'components/PriceTable.tsx',
              content: 'export function PriceTable() { return <table>prices</table>; }',
            },
          },
          {
            name: 'add_file',
            arguments: {
              path: 'pages/Pricing.tsx',
              content:
                "import { PriceTable } from '../components/PriceTable';\nexport default function Pricing() { return <PriceTable />; }",
            },
          },
          {
            name: 'add_file',
            arguments: {
              path: 'components/Footer.tsx',
              content: 'export function Footer() { return <footer>contact</footer>; }',
            },
          },
        ],
      },
      { text: 'Added pricing.' },
    ]);
    await chatTurn(server, appId, 'Add a pricing page with a price table', { token });

    llm.enqueue([
      {
        toolCalls: [
          {
            name: 'partial_edit',
            arguments: { path: 'components/PriceTable.tsx', search: 'prices', replace: 'our prices' },
          },
        ],
      },
      { text: 'Changed the table.' },
    ]);
    const chunks = await chatTurn(server, appId, 'On the Pricing page, say "our prices" in the table', {
      token,
    });
    const meta = chunks.at(-1)!.messageMetadata;
    const methods = Object.fromEntries(
      meta.contextMetadata.retrievedFiles.map((f: { filePath: string; retrievalMethods: string[] }) => [
        f.filePath,
        f.retrievalMethods,
      ]),
    );
    // named in the request → the import graph brings what it imports; the words find both by full text
    expect(methods['pages/Pricing.tsx']).toEqual(expect.arrayContaining(['full_text', 'import_graph']));
    expect(methods['components/PriceTable.tsx']).toEqual(
      expect.arrayContaining(['full_text', 'import_graph']),
    );
    expect(meta.contextMetadata.relevantFiles).toEqual(['components/PriceTable.tsx']);
    expect(meta.contextMetadata.evals.full_text.recall).toBe(1);
    expect(meta.contextMetadata.evals.import_graph.recall).toBe(1);
    expect(meta.contextMetadata.evals.full_text.tokenUsage).toBeGreaterThan(0);
    expect(meta.contextFiles).toEqual(
      meta.contextMetadata.retrievedFiles.map((f: { filePath: string }) => f.filePath),
    );
    // the model got every path, and the retrieved files' contents
    const system = (llm.requests[2]!.body as { messages: { content: string }[] }).messages[0]!.content;
    for (const path of [
      'components/Footer.tsx',
      'components/PriceTable.tsx',
      'pages/Home.tsx',
      'pages/Pricing.tsx',
    ])
      expect(system).toContain(path);
    expect(system).toContain('--- components/PriceTable.tsx ---\nexport function PriceTable()');
    const stored = (await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages[3];
    expect(stored.annotations[0].contextMetadata).toEqual(meta.contextMetadata);
  }, 60_000);
});

describe('context retrieval methods', () => {
  it('finds through the import graph what full text misses, and the evals say so', async () => {
    const appId = await newSpaceApp(server, token);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await server.platform.db.insert(schema.appFiles).values([
      {
        appId,
        path: 'components/Widget.tsx',
        content: 'export function Widget() { return <h2>Plans</h2>; }',
        updatedAt: at(50),
      },
      {
        appId,
        path: 'pages/Pricing.tsx',
        content:
          "import { Widget } from '@/components/Widget';\nexport default function Pricing() { return <Widget />; }",
        updatedAt: at(40),
      },
      { appId, path: 'components/A.tsx', content: 'export const A = 1;', updatedAt: at(3) },
      { appId, path: 'components/B.tsx', content: 'export const B = 1;', updatedAt: at(2) },
      { appId, path: 'components/C.tsx', content: 'export const C = 1;', updatedAt: at(1) },
    ]);
    // the starter page is older than all of them
    await server.platform.db
      .update(schema.appFiles)
      .set({ updatedAt: at(60) })
      .where(and(eq(schema.appFiles.appId, appId), eq(schema.appFiles.path, 'pages/Home.tsx')));
    llm.enqueue([
      {
        toolCalls: [
          {
            name: 'partial_edit',
            arguments: { path: 'components/Widget.tsx', search: 'Plans', replace: 'Our plans' },
          },
        ],
      },
      { text: 'Renamed.' },
    ]);
    const chunks = await chatTurn(server, appId, 'On the Pricing page, rename the heading', { token });
    const { contextMetadata } = chunks.at(-1)!.messageMetadata;
    const byFile = Object.fromEntries(
      contextMetadata.retrievedFiles.map((f: { filePath: string; retrievalMethods: string[] }) => [
        f.filePath,
        f.retrievalMethods,
      ]),
    );
    expect(byFile['components/Widget.tsx']).toEqual(['import_graph']);
    expect(byFile['pages/Pricing.tsx']).toEqual(['full_text', 'import_graph']);
    expect(byFile['components/C.tsx']).toEqual(['recently_edited']);
    expect(contextMetadata.relevantFiles).toEqual(['components/Widget.tsx']);
    expect(contextMetadata.evals.import_graph.recall).toBe(1);
    expect(contextMetadata.evals.full_text.recall).toBe(0);
    expect(contextMetadata.evals.recently_edited.recall).toBe(0);
    // tokens at four characters a token, of the method's own files
    expect(contextMetadata.evals.recently_edited.tokenUsage).toBe(
      3 * Math.ceil('export const A = 1;'.length / 4),
    );
  }, 60_000);
});

describe('without an AI provider', () => {
  it('answers 503 space/ai-not-configured and stores nothing', async () => {
    const bare = await startTestServer();
    try {
      const { idToken } = await signUpBuilder(bare);
      const appId = await newSpaceApp(bare, idToken);
      const res = await chat(bare, appId, 'Hello', { token: idToken });
      expect(res.status).toBe(503);
      expect((await json(res)).error).toEqual({
        code: 'space/ai-not-configured',
        message: 'The chat needs an AI model: the operator must set AI_PROVIDER (see the README)',
      });
      expect((await getJson(bare, `/api/apps/${appId}/chat/messages`, idToken)).messages).toEqual([]);
    } finally {
      await bare.close();
    }
  }, 60_000);
});

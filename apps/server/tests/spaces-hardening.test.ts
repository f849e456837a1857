import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_APP_FILES, MAX_CHAT_MESSAGE_CHARS } from '@buildai/domain';
import { schema } from '@buildai/server';
import { signUpBuilder, type FakeLlm, type TestServer } from '@buildai/testkit';
import { eventually, json } from './helpers';
import { chat, chatTurn, getJson, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';
import { TURN_HEARTBEAT_MS } from '../src/features/apps';

/**
 * The chat and files of a space app under attack: the model's tool calls as untrusted input, turns that fail,
 * requests that race, and inputs past the limits (decision 0007, "Hardening of the chat").
 */

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started), 'root@example.com');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const files = async (appId: string) => (await getJson(server, `/api/apps/${appId}/files`, token)).files;
const messages = async (appId: string): Promise<Json[]> =>
  (await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages;
const versions = async (appId: string): Promise<Json[]> =>
  (await getJson(server, `/api/apps/${appId}/versions`, token)).versions;
const putFile = (appId: string, path: string, content: string) =>
  server.request(`/api/apps/${appId}/files/${path}`, { method: 'PUT', token, json: { content } });
const outputOf = (chunks: Json[], id: string) =>
  chunks.find((c) => c.type === 'tool-output-available' && c.toolCallId === id)?.output;

/** A space app with one turn behind it that added pages/A.tsx ('a'), and that turn's ids. */
async function appWithOneTurn() {
  const appId = await newSpaceApp(server, token);
  llm.enqueue([
    { toolCalls: [{ name: 'add_file', arguments: { path: 'pages/A.tsx', content: 'a' } }] },
    { text: 'Added A.' },
  ]);
  await chatTurn(server, appId, 'Add A', { token });
  const [version] = await versions(appId);
  return { appId, versionId: version!.id as string, messageId: version!.messageId as string };
}

describe("the model's file actions as untrusted input", () => {
  it('refuses a search text whose occurrences overlap: it is found twice, not once', async () => {
    const appId = await newSpaceApp(server, token);
    expect((await putFile(appId, 'pages/B.tsx', 'aXaXa')).status).toBe(200);
    llm.enqueue([
      {
        toolCalls: [
          { id: 'p1', name: 'partial_edit', arguments: { path: 'pages/B.tsx', search: 'aXa', replace: 'Q' } },
        ],
      },
      { text: 'Tried.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Change B', { token });
    expect(outputOf(chunks, 'p1')).toEqual({
      ok: false,
      error:
        'The search text occurs 2 times in pages/B.tsx; it must occur exactly once (add surrounding lines)',
    });
    expect(await files(appId)).toContainEqual({ path: 'pages/B.tsx', content: 'aXaXa' });
  }, 60_000);

  it('refuses bad paths, an empty search, a missing file and a huge content, and changes nothing', async () => {
    const appId = await newSpaceApp(server, token);
    const before = await files(appId);
    const calls = [
      { id: 'b1', name: 'add_file', arguments: { path: '/etc/passwd', content: 'x' } },
      { id: 'b2', name: 'add_file', arguments: { path: 'pages/a\u0000b.tsx', content: 'x' } },
      { id: 'b3', name: 'add_file', arguments: { path: `${'p/'.repeat(150)}x.tsx`, content: 'x' } },
      { id: 'b4', name: 'edit_file', arguments: { path: 'pages/../../Home.tsx', content: 'x' } },
      { id: 'b5', name: 'partial_edit', arguments: { path: 'pages/Home.tsx', search: '', replace: 'x' } },
      { id: 'b6', name: 'delete_file', arguments: { path: 'pages/Nowhere.tsx' } },
      { id: 'b7', name: 'edit_file', arguments: { path: 'pages/Home.tsx', content: 'x'.repeat(400_001) } },
    ];
    llm.enqueue([{ toolCalls: calls }, { text: 'Nothing worked.' }]);
    const chunks = await chatTurn(server, appId, 'Break things', { token });
    expect(calls.map((c) => outputOf(chunks, c.id))).toEqual([
      { ok: false, error: 'The file path must be relative to the app: /etc/passwd' },
      { ok: false, error: 'The file path contains a control character: pages/a\u0000b.tsx' },
      { ok: false, error: `The file path is longer than 200 characters: ${'p/'.repeat(150)}x.tsx` },
      { ok: false, error: 'The file path has an empty, "." or ".." segment: pages/../../Home.tsx' },
      { ok: false, error: 'The search text is empty' },
      { ok: false, error: 'There is no file pages/Nowhere.tsx' },
      { ok: false, error: 'A file may hold at most 400000 characters' },
    ]);
    expect(await files(appId)).toEqual(before);
    expect(await versions(appId)).toEqual([]);
    expect((await messages(appId))[1]).toMatchObject({ status: 'complete' });
  }, 60_000);

  it('survives malformed JSON arguments and an unknown tool: nothing runs, the turn ends, the chat is free', async () => {
    const appId = await newSpaceApp(server, token);
    const before = await files(appId);
    llm.enqueue([
      {
        toolCalls: [
          { id: 'm1', name: 'edit_file', arguments: '{"path": "pages/Home.tsx", "content": oops}' },
          { id: 'm2', name: 'run_shell', arguments: { command: 'rm -rf /' } },
        ],
      },
      { text: 'Sorry.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Do odd things', { token });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    expect(await files(appId)).toEqual(before);
    const [, answer] = await messages(appId);
    expect(answer).toMatchObject({ status: 'complete', content: 'Sorry.' });
    expect(answer!.actions).toEqual([
      expect.objectContaining({
        type: 'edit_file',
        isComplete: true,
        isTruncated: false,
        error: expect.any(String),
      }),
    ]);
    llm.enqueue({ text: 'Free again.' });
    expect((await chatTurn(server, appId, 'Still there?', { token })).at(-1)).toMatchObject({
      type: 'finish',
    });
  }, 60_000);
});

describe('paths that show something else than they hold', () => {
  it('are refused from the model and from the code editor: direction overrides and invisible characters', async () => {
    const appId = await newSpaceApp(server, token);
    const before = await files(appId);
    const error = 'The file path contains an invisible or direction-changing character';
    llm.enqueue([
      {
        toolCalls: [
          { id: 'd1', name: 'add_file', arguments: { path: 'pages/Home\u202Exst.tsx', content: 'x' } },
          { id: 'd2', name: 'add_file', arguments: { path: 'pages/Ho\u200Bme.tsx', content: 'x' } },
        ],
      },
      { text: 'Tried.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Hide a file', { token });
    expect(outputOf(chunks, 'd1')).toEqual({ ok: false, error: `${error}: pages/Home\u202Exst.tsx` });
    expect(outputOf(chunks, 'd2')).toEqual({ ok: false, error: `${error}: pages/Ho\u200Bme.tsx` });
    const saved = await putFile(appId, 'pages/Home%E2%80%AEtsx.tsx', 'x');
    expect(saved.status).toBe(400);
    expect((await json(saved)).error).toEqual({ code: 'space/path-invalid', message: error, field: 'path' });
    expect(await files(appId)).toEqual(before);
  }, 60_000);
});

describe('U+0000 and lone surrogates in what the model writes, which the database cannot store', () => {
  it('are cleaned out of the files it writes and of its answer, and the answer is kept', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      {
        toolCalls: [
          { id: 'n1', name: 'add_file', arguments: { path: 'pages/N.tsx', content: 'a\u0000b\ud800c' } },
          { id: 'n2', name: 'add_file', arguments: { path: 'pages/\u0000.tsx', content: 'x' } },
        ],
      },
      { chunks: ['Bad \u0000byte.'] },
    ]);
    const chunks = await chatTurn(server, appId, 'Write a NUL', { token });
    expect(outputOf(chunks, 'n1')).toMatchObject({ ok: true });
    expect(await files(appId)).toContainEqual({ path: 'pages/N.tsx', content: 'ab\uFFFDc' });
    const [, answer] = await messages(appId);
    expect(answer).toMatchObject({
      status: 'complete',
      content: expect.stringMatching(/^Bad byte\.\n\nThe app does not build yet/),
    });
    expect(answer!.actions.map((a: Json) => [a.file, a.content, a.error])).toEqual([
      ['pages/N.tsx', 'ab\uFFFDc', undefined],
      [
        'pages/.tsx',
        'x',
        'The file path contains a control character: pages/\u0000.tsx'.replace('\u0000', ''),
      ],
    ]);
    expect((await files(appId)).map((f: Json) => f.path)).toEqual(['pages/Home.tsx', 'pages/N.tsx']);
  }, 60_000);
});

describe('limits of a message', () => {
  it('bounds the whole message, all parts together, as one part is bounded', async () => {
    const appId = await newSpaceApp(server, token);
    const part = { type: 'text', text: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS) };
    const res = await server.request(`/api/apps/${appId}/chat`, {
      method: 'POST',
      token,
      json: { message: { role: 'user', parts: [part, part] } },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({
      code: 'request/invalid',
      message: `A message may hold at most ${MAX_CHAT_MESSAGE_CHARS} characters`,
    });
    expect(await messages(appId)).toEqual([]);
  }, 60_000);
});

describe('a turn that fails before the model answers', () => {
  it('closes its answer as an error, keeps the message and frees the chat', async () => {
    const appId = await newSpaceApp(server, token);
    const ai = server.platform.ai;
    const original = ai.languageModel.bind(ai);
    ai.languageModel = () => {
      throw new Error('the provider could not be built');
    };
    try {
      const res = await chat(server, appId, 'Build me a page', { token, id: 'kept_msg' });
      expect(res.status).toBe(500);
    } finally {
      ai.languageModel = original;
    }
    const stored = await messages(appId);
    expect(stored.map((m) => [m.id === 'kept_msg' ? 'kept_msg' : m.role, m.status])).toEqual([
      ['kept_msg', 'complete'],
      ['assistant', 'error'],
    ]);
    llm.enqueue({ text: 'Here now.' });
    expect((await chatTurn(server, appId, 'Try again', { token })).at(-1)).toMatchObject({ type: 'finish' });
  }, 60_000);
});

describe('the chat history sent to the model', () => {
  it('is bounded: a long and wordy chat costs a turn no more than the budget, the newest kept', async () => {
    const appId = await newSpaceApp(server, token);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      messageId: `hist_${i}_${appId}`.slice(0, 40),
      appId,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `m${i} ${'x'.repeat(MAX_CHAT_MESSAGE_CHARS)}`,
    }));
    for (const row of rows) await server.platform.db.insert(schema.appChatMessages).values(row);
    llm.enqueue({ text: 'Read it.' });
    await chatTurn(server, appId, 'And now?', { token });
    const sent = (llm.requests[0]!.body as Json).messages as { role: string; content: string }[];
    const history = sent.filter((m) => m.role !== 'system').slice(0, -1);
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: 'And now?' });
    expect(history.reduce((n, m) => n + m.content.length, 0)).toBeLessThanOrEqual(40_000);
    expect(history.at(-1)!.content.startsWith('m29 ')).toBe(true);
    expect(history.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('requests that race', () => {
  it('never lets concurrent saves pass the file limit', async () => {
    const appId = await newSpaceApp(server, token);
    const extra = Array.from({ length: MAX_APP_FILES - 2 }, (_, i) => ({
      appId,
      path: `lib/f${i}.ts`,
      content: '',
    }));
    await server.platform.db.insert(schema.appFiles).values(extra);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => putFile(appId, `lib/new${i}.ts`, 'x')),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await files(appId)).toHaveLength(MAX_APP_FILES);
  }, 60_000);

  it('lets a save and a restore of the same file take turns, never failing either half-way', async () => {
    const { appId, versionId, messageId } = await appWithOneTurn();
    for (let round = 0; round < 8; round++) {
      const [restored, ...saved] = await Promise.all([
        server.request(`/api/apps/${appId}/versions/${versionId}/restore`, {
          method: 'POST',
          token,
          json: { messageId },
        }),
        putFile(appId, 'pages/A.tsx', `edit ${round}`),
        putFile(appId, 'pages/Home.tsx', `edit ${round}`),
        putFile(appId, 'pages/A.tsx', `edit ${round}`),
      ]);
      expect([restored, ...saved].map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const content = (await files(appId)).find((f: Json) => f.path === 'pages/A.tsx').content;
      expect(['a', `edit ${round}`]).toContain(content);
    }
  }, 60_000);

  it('keeps a save of the code editor made during a turn whole: the later write wins, and the version has it', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      { toolCalls: [{ name: 'add_file', arguments: { path: 'pages/A.tsx', content: 'from chat' } }] },
      { chunks: ['Added ', 'A ', 'for ', 'you.'], hold: 'answer' },
    ]);
    const res = await chat(server, appId, 'Add A', { token });
    await eventually(
      () => files(appId),
      (list: Json[]) => list.some((f) => f.content === 'from chat'),
    );
    expect((await putFile(appId, 'pages/A.tsx', 'from editor')).status).toBe(200);
    llm.release('answer');
    await readUiChunks(res);
    expect(await files(appId)).toContainEqual({ path: 'pages/A.tsx', content: 'from editor' });
    const [version] = await versions(appId);
    const snapshot = await getJson(server, `/api/apps/${appId}/versions/${version!.id}`, token);
    expect(snapshot.files).toContainEqual({ path: 'pages/A.tsx', content: 'from editor' });
  }, 60_000);

  it('refuses to publish a space app while a turn runs, so visitors never get half a change', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({ chunks: ['Working ', 'on ', 'it.'], hold: 'turn' });
    const res = await chat(server, appId, 'Slowly', { token });
    const busy = await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token });
    expect(busy.status).toBe(409);
    expect((await json(busy)).error).toEqual({
      code: 'space/chat-busy',
      message: 'Please wait for chat to finish',
    });
    const [app] = await server.platform.db.select().from(schema.apps).where(eq(schema.apps.appId, appId));
    expect(app!.isPublished).toBe(false);
    llm.release('turn');
    await readUiChunks(res);
    expect((await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token })).status).toBe(200);
  }, 60_000);
});

describe('restore', () => {
  async function twoTurns() {
    const first = await appWithOneTurn();
    llm.enqueue([
      { toolCalls: [{ name: 'add_file', arguments: { path: 'pages/B.tsx', content: 'b' } }] },
      { text: 'Added B.' },
    ]);
    await chatTurn(server, first.appId, 'Add B', { token, id: `second_${first.appId}`.slice(0, 40) });
    return { ...first, secondId: `second_${first.appId}`.slice(0, 40) };
  }

  it('refuses a message that did not make the version, and changes nothing', async () => {
    const { appId, versionId, secondId } = await twoTurns();
    const filesBefore = await files(appId);
    const res = await server.request(`/api/apps/${appId}/versions/${versionId}/restore`, {
      method: 'POST',
      token,
      json: { messageId: secondId },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({
      code: 'request/invalid',
      message: 'This message did not make this version',
      field: 'messageId',
    });
    expect(await files(appId)).toEqual(filesBefore);
    expect(await messages(appId)).toHaveLength(4);
    expect(await versions(appId)).toHaveLength(2);
  }, 60_000);

  it('answers 404 for a version whose message is gone, and changes nothing', async () => {
    const { appId, secondId } = await twoTurns();
    const [newest] = await versions(appId);
    await server.platform.db
      .delete(schema.appChatMessages)
      .where(eq(schema.appChatMessages.messageId, secondId));
    const filesBefore = await files(appId);
    const res = await server.request(`/api/apps/${appId}/versions/${newest!.id}/restore`, {
      method: 'POST',
      token,
      json: {},
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error).toEqual({
      code: 'space/message-not-found',
      message: 'Message not found',
    });
    expect(await files(appId)).toEqual(filesBefore);
    expect(await versions(appId)).toHaveLength(2);
  }, 60_000);
});

describe('a turn whose model stays silent for minutes', () => {
  it("still blocks the chat: the turn's heartbeat keeps its row fresh whatever the model does", async () => {
    const appId = await newSpaceApp(server, token);
    await server.platform.db.insert(schema.appChatMessages).values({
      messageId: `quiet${appId}`.slice(0, 40),
      appId,
      role: 'assistant',
      status: 'streaming',
      // the last beat, well inside the staleness window (decision 0016, item 25)
      updatedAt: new Date(Date.now() - 2 * TURN_HEARTBEAT_MS),
    });
    const res = await chat(server, appId, 'Are you done?', { token });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('space/chat-busy');
    expect(llm.requests).toHaveLength(0);
  }, 60_000);
});

describe('the chat of an app that is not a space app', () => {
  it("answers a tool app's owner 400 and a generated app's owner on the lowest plan 403, another builder 404, and stores nothing", async () => {
    const other = (await signUpBuilder(server)).idToken;
    // a generated app has its own App Chat (decision 0015), for admins and paid plans: its owner here is on the
    // lowest plan (the file's builder is an admin)
    const lite = (await signUpBuilder(server)).idToken;
    const refusals = {
      tool: { status: 400, error: { code: 'space/not-space-app', message: 'This app is not a space app' } },
      generated: {
        status: 403,
        error: {
          code: 'generated/chat-locked',
          message: 'Upgrade your plan to build your app through the chat',
        },
      },
    };
    for (const kind of ['tool', 'generated'] as const) {
      const owner = kind === 'tool' ? token : lite;
      const made = await server.request('/api/apps/new', { method: 'POST', token: owner, json: { kind } });
      expect(made.status).toBe(201);
      const { appId } = (await json(made)) as { appId: string };
      const own = await chat(server, appId, 'Write files', { token: owner });
      expect([kind, own.status]).toEqual([kind, refusals[kind].status]);
      expect((await json(own)).error).toEqual(refusals[kind].error);
      const theirs = await chat(server, appId, 'Write files', { token: other });
      expect([kind, theirs.status]).toEqual([kind, 404]);
      expect((await json(theirs)).error.code).toBe('app/not-found');
      const rows = await server.platform.db
        .select()
        .from(schema.appChatMessages)
        .where(eq(schema.appChatMessages.appId, appId));
      expect(rows).toEqual([]);
    }
    expect(llm.requests).toHaveLength(0);
  }, 60_000);
});

describe('continue', () => {
  const CUT_NOTE = 'Your previous answer stopped because it was too long';
  const systemOf = (i: number) => {
    const [first] = (llm.requests[i]!.body as Json).messages as Json[];
    expect(first).toMatchObject({
      role: 'system',
      content: expect.stringContaining('You are the assistant'),
    });
    return first!.content as string;
  };

  it('with no cut action before it is an ordinary message', async () => {
    const { appId } = await appWithOneTurn();
    llm.reset();
    llm.enqueue({ text: 'Nothing to finish.' });
    await chatTurn(server, appId, "Let's keep going", { token, system: 'continue' });
    expect(systemOf(0)).not.toContain(CUT_NOTE);
  }, 60_000);

  it('shows back at most 60,000 characters of a very long cut action', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({
      toolCalls: [
        {
          name: 'add_file',
          arguments: { path: 'pages/Big.tsx', content: 'y'.repeat(150_000) },
          cutAt: 120_000,
        },
      ],
    });
    await chatTurn(server, appId, 'Write a big page', { token });
    llm.reset();
    llm.enqueue({ text: 'Finished.' });
    await chatTurn(server, appId, "Let's keep going", { token, system: 'continue' });
    const system = systemOf(0);
    expect(system).toContain(CUT_NOTE);
    expect(system).toContain('characters, the first 60000 shown');
    expect(system).toContain('y'.repeat(60_000));
    expect(system).not.toContain('y'.repeat(60_001));
  }, 60_000);

  it('after a restore past the cut answer does not finish an action the restore removed', async () => {
    const { appId, versionId, messageId } = await appWithOneTurn();
    llm.enqueue({
      toolCalls: [
        { name: 'edit_file', arguments: { path: 'pages/A.tsx', content: 'x'.repeat(200) }, cutAt: 60 },
      ],
    });
    await chatTurn(server, appId, 'Rewrite A', { token });
    const restored = await server.request(`/api/apps/${appId}/versions/${versionId}/restore`, {
      method: 'POST',
      token,
      json: { messageId },
    });
    expect(restored.status).toBe(200);
    expect(await files(appId)).toContainEqual({ path: 'pages/A.tsx', content: 'a' });
    llm.reset();
    llm.enqueue({ text: 'All done.' });
    await chatTurn(server, appId, "Let's keep going", { token, system: 'continue' });
    expect(systemOf(0)).not.toContain(CUT_NOTE);
  }, 60_000);
});

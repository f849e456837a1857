import { describe, expect, it } from 'vitest';
import { type FakeLlm, type TestServer } from '@buildai/testkit';
import { json } from './helpers';
import { chat, chatTurn, getJson, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

/** A turn that writes one file and says so. */
async function writeTurn(appId: string, id: string, path: string, content: string) {
  llm.enqueue([
    { toolCalls: [{ name: 'add_file', arguments: { path, content } }] },
    { text: `Wrote ${path}.` },
  ]);
  await chatTurn(server, appId, `Write ${path}`, { token, id });
}

const restore = (appId: string, versionId: string, body: object = {}) =>
  server.request(`/api/apps/${appId}/versions/${versionId}/restore`, { method: 'POST', token, json: body });

describe('restoring a version', () => {
  it("brings back the version's files and keeps the chat up to the answer that made it", async () => {
    const appId = await newSpaceApp(server, token);
    await writeTurn(appId, 'turn_a', 'pages/A.tsx', 'a1');
    await writeTurn(appId, 'turn_b', 'pages/B.tsx', 'b1');
    await writeTurn(appId, 'turn_c', 'pages/A.tsx', 'a2');
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    const [, second, first] = versions;
    expect(first.messageId).toBe('turn_a');

    const res = await restore(appId, second.id, { messageId: 'turn_b' });
    expect(res.status).toBe(200);
    const { messages } = await json(res);
    expect(messages.map((m: { id: string; role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(messages[2].id).toBe('turn_b');
    expect(messages[3].content).toBe('Wrote pages/B.tsx.');
    expect(await getJson(server, `/api/apps/${appId}/chat/messages`, token)).toEqual({ messages });
    const files = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(files.files.filter((f: { path: string }) => f.path !== 'pages/Home.tsx')).toEqual([
      { path: 'pages/A.tsx', content: 'a1' },
      { path: 'pages/B.tsx', content: 'b1' },
    ]);
    // the later version went with its messages
    const after = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(after.versions.map((v: { id: string }) => v.id)).toEqual([second.id, first.id]);

    // without a message id the version's own is used
    const back = await restore(appId, first.id);
    expect((await json(back)).messages.map((m: { id: string }) => m.id)[0]).toBe('turn_a');
    expect((await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages).toHaveLength(2);
  }, 60_000);

  it('answers the spec errors: no message id, an unknown version, a running turn', async () => {
    const appId = await newSpaceApp(server, token);
    await writeTurn(appId, 'only_turn', 'pages/A.tsx', 'a1');
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    // a version made by no message (e.g. kept from before the chat stored its ids)
    await server.platform.db.execute(
      `update app_versions set message_id = null where version_id = '${versions[0].id}'`,
    );
    const none = await restore(appId, versions[0].id);
    expect(none.status).toBe(400);
    expect((await json(none)).error).toEqual({
      code: 'version/no-message-id',
      message: 'No message ID found for this version',
    });
    const unknown = await restore(appId, 'AAAAAAAAAAAAAAAAAAAA', { messageId: 'only_turn' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toEqual({ code: 'version/not-found', message: 'Version not found' });

    llm.enqueue({ chunks: ['slow ', 'answer'], hold: 'slow' });
    const running = await chat(server, appId, 'Something slow', { token });
    const busy = await restore(appId, versions[0].id, { messageId: 'only_turn' });
    expect(busy.status).toBe(409);
    expect((await json(busy)).error.code).toBe('space/chat-busy');
    llm.release('slow');
    await readUiChunks(running);
    expect((await getJson(server, `/api/apps/${appId}/files`, token)).files).toContainEqual({
      path: 'pages/A.tsx',
      content: 'a1',
    });
  }, 60_000);
});

describe('rating an answer', () => {
  it('stores the rating once on an assistant message, with the spec errors', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({ text: 'Hello!' });
    const chunks = await chatTurn(server, appId, 'Hi', { token, id: 'user_hi' });
    const answerId = chunks[0]!.messageId as string;
    const rate = (body: object) =>
      server.request(`/api/apps/${appId}/rating`, { method: 'POST', token, json: body });

    const res = await rate({
      messageId: answerId,
      score: 5,
      feedback: ['I love it!', 'Fast and efficient'],
      comment: '  great  ',
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      ok: true,
      rating: {
        score: 5,
        feedback: ['I love it!', 'Fast and efficient'],
        comment: 'great',
        createdAt: body.rating.createdAt,
      },
    });
    const stored = (await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages[1];
    expect(stored.annotations[0].rating).toEqual(body.rating);
    expect(stored.annotations[0].usage).toBeDefined();

    const twice = await rate({ messageId: answerId, score: 1 });
    expect(twice.status).toBe(409);
    expect((await json(twice)).error).toEqual({
      code: 'rating/already-rated',
      message: 'This response is already rated',
    });
    const user = await rate({ messageId: 'user_hi', score: 3 });
    expect(user.status).toBe(400);
    expect((await json(user)).error).toEqual({
      code: 'rating/not-assistant',
      message: 'Only an assistant message can be rated',
    });
    const missing = await rate({ messageId: 'nope', score: 3 });
    expect(missing.status).toBe(404);
    expect((await json(missing)).error).toEqual({
      code: 'space/message-not-found',
      message: 'Message not found',
    });
    const badScore = await rate({ messageId: answerId, score: 6 });
    expect(badScore.status).toBe(400);
    expect((await json(badScore)).error.field).toBe('score');
    const badReason = await rate({ messageId: answerId, score: 2, feedback: ['Meh'] });
    expect(badReason.status).toBe(400);
    expect((await json(badReason)).error.field).toBe('feedback.0');
  }, 60_000);
});

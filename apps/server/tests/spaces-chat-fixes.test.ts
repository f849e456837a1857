import { describe, expect, it } from 'vitest';
import { signUpBuilder, type FakeLlm, type TestServer } from '@buildai/testkit';
import { listEntities } from '../src/features/entities';
import { eventually, json } from './helpers';
import { chat, chatTurn, getJson, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const call = (name: string, args: object) => ({ toolCalls: [{ name, arguments: args }] });
const habit = (read: string, write: string) => ({
  type: 'object',
  properties: { name: { type: 'string' } },
  'x-accessControl': { permissions: { read, write } },
});

describe('a fix message (issue 32, item 1)', () => {
  it('keeps no credential: the preview token in a stack trace is neither stored nor sent to the model', async () => {
    const appId = await newSpaceApp(server, token);
    const jwt =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhcHAifQ.c2lnbmF0dXJlLXBhcnQtb2YtdGhlLXRva2Vu';
    const text = `Please fix the following errors in my app:\n\n1. x is undefined\n\`\`\`\nat Home (http://apps.test/apps/${appId}/preview?token=${jwt}:3:9)\n\`\`\``;
    llm.enqueue({ text: 'Fixed.' });
    await chatTurn(server, appId, text, { token, system: 'fix' });

    const sent = JSON.stringify(llm.requests.at(-1)!.body);
    expect(sent).not.toContain(jwt);
    expect(sent).toContain('preview?token=[redacted]:3:9');
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(JSON.stringify(messages)).not.toContain(jwt);
    expect(messages[0].content).toContain(`/apps/${appId}/preview?token=[redacted]:3:9`);
  }, 60_000);
});

describe('a revert that changes data access (issue 32, item 6)', () => {
  it('names every access change, and changes nothing until the builder confirmed exactly those', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      call('add_entity', { name: 'Habit', schema: habit('anonymous', 'admin') }),
      { text: 'Added.' },
    ]);
    await chatTurn(server, appId, 'Add habits anyone can read', { token, id: 'turn_open' });
    llm.enqueue([
      call('edit_entity', { name: 'Habit', schema: habit('creator', 'creator') }),
      { text: 'Closed.' },
    ]);
    await chatTurn(server, appId, 'Make habits private', { token, id: 'turn_closed' });
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    const open = versions.find((v: { messageId: string }) => v.messageId === 'turn_open');

    const version = await getJson(server, `/api/apps/${appId}/versions/${open.id}`, token);
    const change = {
      entity: 'Habit',
      from: { read: 'creator', write: 'creator' },
      to: { read: 'anonymous', write: 'admin' },
    };
    expect(version.accessChanges).toEqual([change]);

    const restore = (body: object) =>
      server.request(`/api/apps/${appId}/versions/${open.id}/restore`, { method: 'POST', token, json: body });
    // a revert without the confirmation (or with another list) is refused and changes nothing
    for (const body of [
      { messageId: 'turn_open' },
      { messageId: 'turn_open', accessChanges: [{ ...change, to: { read: 'all', write: 'admin' } }] },
    ]) {
      const refused = await restore(body);
      expect(refused.status).toBe(409);
      expect((await json(refused)).error).toMatchObject({
        code: 'version/access-unconfirmed',
        message: 'This revert changes who can read or write data: review the changes and confirm them',
        details: { accessChanges: [change] },
      });
      const [entity] = await listEntities(server.platform.db, appId);
      expect(entity!.schema['x-accessControl']?.permissions).toEqual({ read: 'creator', write: 'creator' });
      expect((await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages).toHaveLength(4);
    }

    const done = await restore({ messageId: 'turn_open', accessChanges: [change] });
    expect(done.status).toBe(200);
    const [entity] = await listEntities(server.platform.db, appId);
    expect(entity!.schema['x-accessControl']?.permissions).toEqual({ read: 'anonymous', write: 'admin' });
  }, 60_000);

  it('needs no confirmation when access stays as it is', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      call('add_entity', { name: 'Habit', schema: habit('creator', 'creator') }),
      { text: 'Added.' },
    ]);
    await chatTurn(server, appId, 'Add habits', { token, id: 'turn_one' });
    llm.enqueue([call('add_file', { path: 'pages/B.tsx', content: 'b' }), { text: 'Wrote.' }]);
    await chatTurn(server, appId, 'Add a page', { token, id: 'turn_two' });
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    const first = versions.at(-1);
    expect((await getJson(server, `/api/apps/${appId}/versions/${first.id}`, token)).accessChanges).toEqual(
      [],
    );
    const res = await server.request(`/api/apps/${appId}/versions/${first.id}/restore`, {
      method: 'POST',
      token,
      json: { messageId: 'turn_one' },
    });
    expect(res.status).toBe(200);
  }, 60_000);
});

describe('Stop (issue 32, item 3)', () => {
  it("ends the server's turn at once and keeps what was complete", async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      call('add_file', {
        path: 'pages/Done.tsx',
        content: 'export default function Done() { return null; }',
      }),
      { chunks: ['Now ', 'the ', 'next ', 'page.'], hold: 'never released', holdAfter: 0 },
    ]);
    const res = await chat(server, appId, 'Add two pages', { token });
    expect(res.status).toBe(200);
    const messagesOf = () => getJson(server, `/api/apps/${appId}/chat/messages`, token);
    await llm.waitForRequest(() => llm.requests.length === 2, 20_000);
    await eventually(messagesOf, (body) => body.messages[1]?.actions.length === 1);

    const stop = () => server.request(`/api/apps/${appId}/chat/stop`, { method: 'POST', token });
    const first = await stop();
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ stopped: true });
    // recorded by the time Stop answers: the action and the text so far, a version, no error
    const { messages } = await messagesOf();
    expect(messages[1]).toMatchObject({ status: 'complete', content: '' });
    expect(messages[1].annotations[0]).toMatchObject({ stopped: true });
    expect(messages[1].annotations[0].error).toBeUndefined();
    expect(messages[1].actions).toEqual([
      expect.objectContaining({ type: 'add_file', file: 'pages/Done.tsx', isComplete: true }),
    ]);
    expect((await getJson(server, `/api/apps/${appId}/versions`, token)).versions).toHaveLength(1);
    await eventually(
      async () => llm.requests.at(-1)!,
      (request) => request.aborted,
    );
    await readUiChunks(res);

    // the chat is free; nothing more to stop
    expect(await json(await stop())).toEqual({ stopped: false });
    llm.enqueue({ text: 'Hello.' });
    expect((await chatTurn(server, appId, 'Next', { token })).at(-1)).toMatchObject({ type: 'finish' });
  }, 60_000);

  it("is refused on another builder's app", async () => {
    const appId = await newSpaceApp(server, token);
    const other = (await signUpBuilder(server)).idToken;
    const res = await server.request(`/api/apps/${appId}/chat/stop`, { method: 'POST', token: other });
    expect(res.status).toBe(404);
  }, 60_000);
});

describe('the version history (issue 32, item 5)', () => {
  it('lists each kept version with the files it changed against the one before', async () => {
    const appId = await newSpaceApp(server, token);
    const write = async (id: string, path: string, content: string) => {
      llm.enqueue([call('add_file', { path, content }), { text: 'Wrote.' }]);
      await chatTurn(server, appId, `Write ${path}`, { token, id });
    };
    await write('turn_a', 'pages/A.tsx', 'a1');
    await write('turn_b', 'pages/B.tsx', 'b1');
    llm.enqueue([
      call('add_entity', { name: 'Habit', schema: habit('creator', 'creator') }),
      { text: 'Added.' },
    ]);
    await chatTurn(server, appId, 'Add habits', { token, id: 'turn_c' });
    await write('turn_d', 'pages/A.tsx', 'a2');
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(
      versions.map((v: { userRequest: string; changes: unknown }) => [v.userRequest, v.changes]),
    ).toEqual([
      ['Write pages/A.tsx', [{ path: 'pages/A.tsx', status: 'modified' }]],
      ['Add habits', [{ path: 'entities/Habit.json', status: 'added' }]],
      ['Write pages/B.tsx', [{ path: 'pages/B.tsx', status: 'added' }]],
      ['Write pages/A.tsx', null],
    ]);
  }, 60_000);
});

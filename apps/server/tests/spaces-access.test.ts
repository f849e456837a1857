import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { fakeLlmConfig, json } from './helpers';
import { chatTurn, getJson, newSpaceApp } from './spaces-helpers';

/** Every route of a space app answers 404 to anyone but its owner (401 without a sign-in), and changes nothing. */

let llm: FakeLlm;
let server: TestServer;
let owner: string;
let appId: string;
let versionId: string;
let answerId: string;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer({ ...fakeLlmConfig(llm), ADMIN_EMAILS: 'boss@example.com' });
  owner = (await signUpBuilder(server, 'boss@example.com')).idToken;
  appId = await newSpaceApp(server, owner);
  llm.enqueue([
    { toolCalls: [{ name: 'add_file', arguments: { path: 'pages/A.tsx', content: 'a' } }] },
    { text: 'Done.' },
  ]);
  answerId = (await chatTurn(server, appId, 'Add A', { token: owner, id: 'owner_msg' }))[0]!.messageId;
  versionId = (await getJson(server, `/api/apps/${appId}/versions`, owner)).versions[0].id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

const routes = () =>
  [
    ['GET', `/api/apps/${appId}/files`, undefined],
    ['PUT', `/api/apps/${appId}/files/pages/A.tsx`, { content: 'stolen' }],
    ['DELETE', `/api/apps/${appId}/files/pages/A.tsx`, undefined],
    ['GET', `/api/apps/${appId}/versions`, undefined],
    ['GET', `/api/apps/${appId}/versions/${versionId}`, undefined],
    ['POST', `/api/apps/${appId}/versions/${versionId}/restore`, { messageId: 'owner_msg' }],
    ['GET', `/api/apps/${appId}/chat/messages`, undefined],
    ['POST', `/api/apps/${appId}/chat`, { message: { role: 'user', parts: [{ type: 'text', text: 'hi' }] } }],
    ['POST', `/api/apps/${appId}/rating`, { messageId: answerId, score: 1 }],
  ] as const;

async function expectUntouched() {
  const files = await getJson(server, `/api/apps/${appId}/files`, owner);
  expect(files.files).toContainEqual({ path: 'pages/A.tsx', content: 'a' });
  const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, owner);
  expect(messages).toHaveLength(2);
  expect(messages[1].annotations[0].rating).toBeUndefined();
  expect(llm.requests).toHaveLength(2);
}

describe('a space app to anyone but its owner', () => {
  it('answers 404 app/not-found to another builder on every route', async () => {
    const other = (await signUpBuilder(server)).idToken;
    for (const [method, path, body] of routes()) {
      const res = await server.request(path, { method, token: other, json: body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect((await json(res)).error.code).toBe('app/not-found');
    }
    await expectUntouched();
  }, 60_000);

  it('answers 401 without a sign-in', async () => {
    for (const [method, path, body] of routes()) {
      const res = await server.request(path, { method, json: body });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
    await expectUntouched();
  }, 60_000);

  it("answers 404 to an end user of the app itself: the builder's chat is not theirs", async () => {
    await server.platform.db
      .update(schema.apps)
      .set({ isPublished: true, appSettings: { isSignupEnabled: true } })
      .where(eq(schema.apps.appId, appId));
    const signUp = await server.request('/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'visitor@example.com', password: 'correct horse battery staple', tenantId: appId },
    });
    expect(signUp.status).toBe(200);
    const { idToken } = await json(signUp);
    expect(
      (await server.request('/api/live_api/account/create', { method: 'POST', token: idToken })).status,
    ).toBe(200);
    for (const [method, path, body] of routes()) {
      const res = await server.request(path, { method, token: idToken, json: body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    await expectUntouched();
  }, 60_000);
});

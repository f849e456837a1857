import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_KEY_PREFIX, MAX_API_KEYS_PER_APP } from '@buildai/domain';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { hashApiKey } from '../src/features/api-keys';
import { apiRun, createKey, makeApiTool } from './api-helpers';
import { addCollaborator, expectError, fakeLlmConfig, json } from './helpers';

let llm: FakeLlm;
let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpBuilder>>;
let other: Awaited<ReturnType<typeof signUpBuilder>>;
let app: { appId: string; toolId: string; path: string };

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  llm.respondWith(() => ({ text: 'Tea, boldly.' }));
  server = await startTestServer({ ...fakeLlmConfig(llm), LOG_LEVEL: 'error' });
  owner = await signUpBuilder(server);
  other = await signUpBuilder(server);
  app = await makeApiTool(server, owner.idToken);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

/** A new tool app of the builder (not run here: the plan's live tools are not spent). */
const newApp = async (token: string) =>
  (await json(await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'tool' } }))) as {
    appId: string;
  };
const keysOf = (appId: string, token?: string) => server.request(`/api/apps/${appId}/api-keys`, { token });

describe('API keys of an app', () => {
  it('answers a new key once, prefixed for secret scanners, and keeps only its hash', async () => {
    const res = await server.request(`/api/apps/${app.appId}/api-keys`, {
      method: 'POST',
      token: owner.idToken,
      json: { name: '  Zapier  ' },
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Zapier',
      key: expect.stringMatching(/^bai_sk_[A-Za-z0-9_-]{43}$/),
      prefix: created.key.slice(0, 12),
      createdAt: expect.any(String),
    });
    expect(created.prefix.startsWith(API_KEY_PREFIX)).toBe(true);

    const [row] = await server.platform.db
      .select()
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row!.createdByAccountId).toBe(owner.accountId);

    // the list never shows the key again
    const list = await json(await keysOf(app.appId, owner.idToken));
    const listed = list.apiKeys.find((k: { id: string }) => k.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Zapier',
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it('lists live keys newest first and notes when a key was last used', async () => {
    const first = await createKey(server, owner.idToken, app.appId, 'First');
    const second = await createKey(server, owner.idToken, app.appId, 'Second');
    const ids = (await json(await keysOf(app.appId, owner.idToken))).apiKeys.map((k: { id: string }) => k.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    const used = await apiRun(server, app.appId, app.path, first.key, { inputs: { topic: 'tea' } });
    expect(used.status).toBe(200);
    // the use is noted without holding up the answer: read until it is there, a bounded number of times
    let lastUsedAt: string | null = null;
    for (let i = 0; i < 50 && !lastUsedAt; i++) {
      const list = await json(await keysOf(app.appId, owner.idToken));
      lastUsedAt = list.apiKeys.find((k: { id: string }) => k.id === first.id).lastUsedAt;
      if (!lastUsedAt) await new Promise((r) => setTimeout(r, 20));
    }
    expect(Number.isNaN(Date.parse(lastUsedAt ?? ''))).toBe(false);
  });

  it('refuses a blank or overlong name, naming the field, and creates nothing', async () => {
    const before = (await json(await keysOf(app.appId, owner.idToken))).apiKeys.length;
    for (const [body, message] of [
      [{ name: '   ' }, 'name: Give the key a name'],
      [{}, expect.stringMatching(/^name: /)],
      [{ name: 'x'.repeat(61) }, expect.stringMatching(/^name: .*60/)],
    ] as const) {
      const res = await server.request(`/api/apps/${app.appId}/api-keys`, {
        method: 'POST',
        token: owner.idToken,
        json: body,
      });
      const { error } = await json(res);
      expect({ status: res.status, code: error.code, field: error.field }).toEqual({
        status: 400,
        code: 'request/invalid',
        field: 'name',
      });
      expect(error.message).toEqual(message);
    }
    expect((await json(await keysOf(app.appId, owner.idToken))).apiKeys).toHaveLength(before);
  });

  it('is for those who edit the app: anyone else is refused', async () => {
    await expectError(
      await server.request(`/api/apps/${app.appId}/api-keys`, { method: 'POST', json: { name: 'x' } }),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );
    await expectError(await keysOf(app.appId), 401, 'auth/unauthenticated', 'You need to sign in to do that');
    await expectError(await keysOf(app.appId, other.idToken), 404, 'app/not-found', 'App not found');
    await expectError(
      await server.request(`/api/apps/${app.appId}/api-keys`, {
        method: 'POST',
        token: other.idToken,
        json: { name: 'mine now' },
      }),
      404,
      'app/not-found',
      'App not found',
    );
    // someone else's app is not found before what they sent is read
    await expectError(
      await server.request(`/api/apps/${app.appId}/api-keys`, {
        method: 'POST',
        token: other.idToken,
        json: { name: '' },
      }),
      404,
      'app/not-found',
      'App not found',
    );
    const [key] = (await json(await keysOf(app.appId, owner.idToken))).apiKeys;
    await expectError(
      await server.request(`/api/apps/${app.appId}/api-keys/${key.id}`, {
        method: 'DELETE',
        token: other.idToken,
      }),
      404,
      'app/not-found',
      'App not found',
    );
  });

  it('lets a collaborator of the app manage its keys', async () => {
    await addCollaborator(server, owner.idToken, app.appId, other);
    const made = await createKey(server, other.idToken, app.appId, 'Collaborator key');
    const del = await server.request(`/api/apps/${app.appId}/api-keys/${made.id}`, {
      method: 'DELETE',
      token: other.idToken,
    });
    expect(del.status).toBe(204);
    // a key is its creator's access: it stops when they stop editing the app
    const kept = await createKey(server, other.idToken, app.appId, 'Leaves with its creator');
    expect((await apiRun(server, app.appId, app.path, kept.key, { inputs: { topic: 'tea' } })).status).toBe(
      200,
    );
    const removed = await server.request(`/api/apps/${app.appId}/collaborators/${other.accountId}`, {
      method: 'DELETE',
      token: owner.idToken,
    });
    expect(removed.status).toBe(200);
    await expectError(
      await apiRun(server, app.appId, app.path, kept.key, { inputs: { topic: 'tea' } }),
      401,
      'api-key/invalid',
      'This API key is not valid for this app',
    );
    const listed = (await json(await keysOf(app.appId, owner.idToken))) as { apiKeys: { id: string }[] };
    expect(listed.apiKeys.map((k) => k.id)).not.toContain(kept.id);
  });

  it('revokes a key at once: refused on its next call, gone from the list, not revoked twice', async () => {
    const made = await createKey(server, owner.idToken, app.appId, 'Soon gone');
    expect((await apiRun(server, app.appId, app.path, made.key, { inputs: { topic: 'tea' } })).status).toBe(
      200,
    );
    const del = await server.request(`/api/apps/${app.appId}/api-keys/${made.id}`, {
      method: 'DELETE',
      token: owner.idToken,
    });
    expect(del.status).toBe(204);
    await expectError(
      await apiRun(server, app.appId, app.path, made.key, { inputs: { topic: 'tea' } }),
      401,
      'api-key/invalid',
      'This API key is not valid for this app',
    );
    const ids = (await json(await keysOf(app.appId, owner.idToken))).apiKeys.map((k: { id: string }) => k.id);
    expect(ids).not.toContain(made.id);
    await expectError(
      await server.request(`/api/apps/${app.appId}/api-keys/${made.id}`, {
        method: 'DELETE',
        token: owner.idToken,
      }),
      404,
      'api-key/not-found',
      'API key not found',
    );
  });

  it("does not revoke a key through another app's address", async () => {
    const otherApp = await newApp(owner.idToken);
    const made = await createKey(server, owner.idToken, app.appId, 'Stays');
    await expectError(
      await server.request(`/api/apps/${otherApp.appId}/api-keys/${made.id}`, {
        method: 'DELETE',
        token: owner.idToken,
      }),
      404,
      'api-key/not-found',
      'API key not found',
    );
    expect((await apiRun(server, app.appId, app.path, made.key, { inputs: { topic: 'tea' } })).status).toBe(
      200,
    );
  });

  it("refuses keys for an assistant's chat app: keys belong to the app it serves", async () => {
    const activated = await server.request(`/api/apps/${app.appId}/chat/activate`, {
      method: 'POST',
      token: owner.idToken,
      json: { isActive: false },
    });
    const { chatAppId } = (await json(activated)) as { chatAppId: string };
    await expectError(
      await server.request(`/api/apps/${chatAppId}/api-keys`, {
        method: 'POST',
        token: owner.idToken,
        json: { name: 'Nope' },
      }),
      400,
      'api-key/chat-app',
      "An assistant's data sources have no API keys: create the key in the app the assistant belongs to",
    );
    expect(
      await server.platform.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.appId, chatAppId)),
    ).toEqual([]);
  });

  it(`keeps at most ${MAX_API_KEYS_PER_APP} live keys per app; a revoked one makes room`, async () => {
    const fresh = await newApp(owner.idToken);
    const made = [];
    for (let i = 0; i < MAX_API_KEYS_PER_APP; i++)
      made.push(await createKey(server, owner.idToken, fresh.appId, `Key ${i}`));
    await expectError(
      await server.request(`/api/apps/${fresh.appId}/api-keys`, {
        method: 'POST',
        token: owner.idToken,
        json: { name: 'One too many' },
      }),
      400,
      'api-key/too-many',
      'An app can have at most 20 API keys, revoke one first',
    );
    expect((await json(await keysOf(fresh.appId, owner.idToken))).apiKeys).toHaveLength(MAX_API_KEYS_PER_APP);
    await server.request(`/api/apps/${fresh.appId}/api-keys/${made[0]!.id}`, {
      method: 'DELETE',
      token: owner.idToken,
    });
    expect((await createKey(server, owner.idToken, fresh.appId, 'Room again')).name).toBe('Room again');
  });
});

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, type FakeLlm, type TestServer } from '@buildai/testkit';
import { errorCatalogue, type ErrorCode } from '@buildai/domain';
import { expectError } from './helpers';
import { chatTurn, getJson, newSpaceApp, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

/** The error of a code, with the catalogue's status and message. */
const refused = (res: Response, code: ErrorCode) =>
  expectError(res, errorCatalogue[code].status, code, errorCatalogue[code].message);

const KEY_VALUE = 'sk-live-7f3a9c2e-very-secret';

const askForKey = (appId: string) => {
  llm.enqueue([
    {
      toolCalls: [
        {
          id: 'c_secret',
          name: 'request_secrets',
          arguments: { secrets: [{ secretName: 'WEATHER_KEY', description: 'Your weatherapi.com key' }] },
        },
      ],
    },
    { text: 'Please set WEATHER_KEY.' },
  ]);
  return chatTurn(server, appId, 'Show the weather', { token });
};

const saveSecrets = (appId: string, secrets: object[], as = token) =>
  server.request(`/api/apps/${appId}/secrets`, { method: 'POST', token: as, json: { secrets } });

describe('secrets', () => {
  it('the chat asks for a secret: the action is stored, and the missing-secret check reports it until it is set', async () => {
    const appId = await newSpaceApp(server, token);
    const chunks = await askForKey(appId);
    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-output-available',
        toolCallId: 'c_secret',
        output: expect.objectContaining({ ok: true, requested: ['WEATHER_KEY'], missing: ['WEATHER_KEY'] }),
      }),
    );
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages[1].actions).toEqual([
      {
        title: 'Request secrets WEATHER_KEY',
        type: 'request_secrets',
        content: JSON.stringify([{ secretName: 'WEATHER_KEY', description: 'Your weatherapi.com key' }]),
        isComplete: true,
        isTruncated: false,
      },
    ]);
    // the model is taught the action
    expect(JSON.stringify(llm.requests[0]!.body)).toContain('request_secrets');
    const before = await getJson(server, `/api/apps/${appId}/secrets`, token);
    expect(before).toEqual({
      secrets: [
        {
          key: 'WEATHER_KEY',
          description: 'Your weatherapi.com key',
          instructions: '',
          required: true,
          isSet: false,
          updatedAt: expect.any(String),
        },
      ],
      missing: ['WEATHER_KEY'],
    });

    // every listed secret needs a non-blank value; nothing changes
    await expectError(
      await saveSecrets(appId, [{ key: 'WEATHER_KEY', value: '   ' }]),
      400,
      'secrets/values-required',
      'Please enter values for all secrets',
    );
    await refused(await saveSecrets(appId, [{ key: 'weather key', value: 'x' }]), 'secrets/key-invalid');
    expect((await getJson(server, `/api/apps/${appId}/secrets`, token)).missing).toEqual(['WEATHER_KEY']);

    const saved = await saveSecrets(appId, [
      { key: 'WEATHER_KEY', value: KEY_VALUE, instructions: 'from the dashboard' },
    ]);
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    expect(savedText).not.toContain(KEY_VALUE);
    expect(JSON.parse(savedText)).toEqual({
      secrets: [
        expect.objectContaining({ key: 'WEATHER_KEY', isSet: true, instructions: 'from the dashboard' }),
      ],
      missing: [],
    });

    // sealed at rest: the column holds no plaintext
    const [row] = await server.platform.db
      .select()
      .from(schema.appSecrets)
      .where(eq(schema.appSecrets.appId, appId));
    expect(row!.valueEncrypted).toBeTruthy();
    expect(row!.valueEncrypted).not.toContain(KEY_VALUE);
    expect(Buffer.from(row!.valueEncrypted!, 'base64').toString('latin1')).not.toContain(KEY_VALUE);

    // the next turn's prompt, the messages and the versions never hold it
    llm.enqueue({ text: 'Thanks.' });
    await chatTurn(server, appId, "I've added WEATHER_KEY secrets", { token });
    expect(JSON.stringify(llm.requests.map((r) => r.body))).not.toContain(KEY_VALUE);
    const after = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(JSON.stringify(after)).not.toContain(KEY_VALUE);
    const versions = await server.platform.db
      .select()
      .from(schema.appVersions)
      .where(eq(schema.appVersions.appId, appId));
    expect(JSON.stringify(versions)).not.toContain(KEY_VALUE);

    // a request_secrets of a key already set keeps its value
    await askForKey(appId);
    expect((await getJson(server, `/api/apps/${appId}/secrets`, token)).missing).toEqual([]);
  });

  it('deletes a secret; an unknown key answers 404', async () => {
    const appId = await newSpaceApp(server, token);
    expect(
      (
        await saveSecrets(appId, [
          { key: 'A_KEY', value: 'a' },
          { key: 'B_KEY', value: 'b' },
        ])
      ).status,
    ).toBe(200);
    const del = await server.request(`/api/apps/${appId}/secrets/A_KEY`, { method: 'DELETE', token });
    expect(del.status).toBe(204);
    expect(
      (await getJson(server, `/api/apps/${appId}/secrets`, token)).secrets.map((s: { key: string }) => s.key),
    ).toEqual(['B_KEY']);
    await refused(
      await server.request(`/api/apps/${appId}/secrets/A_KEY`, { method: 'DELETE', token }),
      'secrets/not-found',
    );
  });

  it("another builder's app answers 404 on every secrets route; no sign-in 401", async () => {
    const appId = await newSpaceApp(server, token);
    expect((await saveSecrets(appId, [{ key: 'A_KEY', value: 'a' }])).status).toBe(200);
    const other = (await signUpBuilder(server)).idToken;
    await refused(await server.request(`/api/apps/${appId}/secrets`, { token: other }), 'app/not-found');
    await refused(await saveSecrets(appId, [{ key: 'A_KEY', value: 'stolen' }], other), 'app/not-found');
    await refused(
      await server.request(`/api/apps/${appId}/secrets/A_KEY`, { method: 'DELETE', token: other }),
      'app/not-found',
    );
    await refused(await server.request(`/api/apps/${appId}/secrets`), 'auth/unauthenticated');
    expect((await getJson(server, `/api/apps/${appId}/secrets`, token)).secrets).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { newApp, openSignUp, putEntity, recordsUrl, signUpEndUser } from './entities-helpers';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signUpBuilder(server)).idToken;
});
afterAll(() => server.close());

const list = async (url: string, who?: string) => {
  const res = await server.request(url, { token: who });
  expect(res.status).toBe(200);
  return (await res.json()) as { records: unknown[]; nextCursor: string | null; total?: number };
};

describe("a first page of records says how many there are in all (issue 32, item 10: the table's footer)", () => {
  it('counts what the caller may read, only when asked, on a first page', async () => {
    const appId = await newApp(server, token);
    await putEntity(server, token, appId, 'Task', {
      properties: { title: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'creator', write: 'all' } },
    });
    await openSignUp(server, appId);
    const user = await signUpEndUser(server, appId, 'ann@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await server.request(recordsUrl(appId, 'Task'), {
        method: 'POST',
        token: i < 2 ? user.token : token,
        json: { fields: { title: `t${i}` } },
      });
      expect(res.status).toBe(201);
    }
    const first = await list(recordsUrl(appId, 'Task', '?limit=2&total=true'), token);
    expect(first.records).toHaveLength(2);
    expect(first.total).toBe(5);
    expect((await list(recordsUrl(appId, 'Task', '?limit=2'), token)).total).toBeUndefined();
    const next = await list(
      recordsUrl(appId, 'Task', `?limit=2&total=true&cursor=${first.nextCursor}`),
      token,
    );
    expect(next.total).toBeUndefined();
    // the end user reads their own two: the count follows the entity's rule
    expect((await list(recordsUrl(appId, 'Task', '?limit=1&total=true'), user.token)).total).toBe(2);
    // a visitor reads none
    expect((await list(recordsUrl(appId, 'Task', '?limit=1&total=true'))).total).toBe(0);
  });
});

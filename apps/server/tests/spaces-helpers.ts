import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { fakeLlmConfig } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export interface ChatServer {
  llm: FakeLlm;
  server: TestServer;
  /** a signed-up builder's id token (an admin's when the file asked for one) */
  token: string;
}

/**
 * The start-up of a space-chat test file: the fake model, a server using it and a signed-up builder (an admin when
 * `adminEmail` is given), handed to `ready` once started; the model's script is reset after each test, and both
 * stop after the file.
 */
export function useChatServer(ready: (started: ChatServer) => void, adminEmail?: string): void {
  let llm: FakeLlm | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    llm = await startFakeLlm({ apiKey: 'test-key' });
    server = await startTestServer({
      ...fakeLlmConfig(llm),
      ...(adminEmail ? { ADMIN_EMAILS: adminEmail } : {}),
    });
    const token = (await signUpBuilder(server, adminEmail)).idToken;
    ready({ llm, server, token });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });
  afterEach(() => llm?.reset());
}

/** A builder's new space app. */
export async function newSpaceApp(server: Pick<TestServer, 'request'>, token: string): Promise<string> {
  const res = await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'space' } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { appId: string }).appId;
}

/** Sends a chat message; answers the response (its body is the UI message stream). */
export function chat(
  server: Pick<TestServer, 'request'>,
  appId: string,
  text: string,
  opts: { token?: string; id?: string; system?: 'autofix' | 'fix' | 'continue' } = {},
) {
  return server.request(`/api/apps/${appId}/chat`, {
    method: 'POST',
    token: opts.token,
    json: {
      message: {
        ...(opts.id ? { id: opts.id } : {}),
        role: 'user',
        parts: [{ type: 'text', text }],
        ...(opts.system ? { metadata: { systemActionInfo: { type: opts.system } } } : {}),
      },
    },
  });
}

/** The UI message stream's chunks, read to the end. */
export async function readUiChunks(res: Response): Promise<Json[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line.trim() !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as Json);
}

/** A whole turn: sends the message, reads the stream to its end, and answers its chunks. */
export async function chatTurn(
  server: Pick<TestServer, 'request'>,
  appId: string,
  text: string,
  opts: Parameters<typeof chat>[3] = {},
): Promise<Json[]> {
  const res = await chat(server, appId, text, opts);
  if (res.status !== 200) throw new Error(`chat failed ${res.status} ${await res.text()}`);
  return readUiChunks(res);
}

export async function getJson(
  server: Pick<TestServer, 'request'>,
  path: string,
  token: string,
): Promise<Json> {
  const res = await server.request(path, { token });
  if (res.status !== 200) throw new Error(`${path} failed ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

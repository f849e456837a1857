// Issue 32, finding 25: after a crash mid-turn the chat answered 409 for minutes. A running turn now shows it is
// alive (a heartbeat on its streaming row), so a turn whose server stopped frees the chat within half a minute; an
// embedded server, the only process on its database, closes the last process's turns when it starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type FakeLlm, type TestServer } from '@buildai/testkit';
import { STALE_TURN_MS, TURN_HEARTBEAT_MS } from '../src/features/apps';
import { expectError } from './helpers';
import { chat, chatTurn, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const streamingRow = (appId: string, ageMs: number) =>
  server.platform.db.insert(schema.appChatMessages).values({
    messageId: `crash${appId}`.slice(0, 40),
    appId,
    role: 'assistant',
    status: 'streaming',
    updatedAt: new Date(Date.now() - ageMs),
  });

describe('a turn whose server stopped', () => {
  it('frees the chat once its heartbeat has been missing for half a minute', async () => {
    expect(STALE_TURN_MS).toBeLessThanOrEqual(30_000);
    const appId = await newSpaceApp(server, token);
    await streamingRow(appId, STALE_TURN_MS + 5_000);
    llm.enqueue({ text: 'Back again.' });
    const chunks = await chatTurn(server, appId, 'Are you there?', { token });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    const [closed] = await server.platform.db
      .select()
      .from(schema.appChatMessages)
      .where(eq(schema.appChatMessages.messageId, `crash${appId}`.slice(0, 40)));
    expect(closed!.status).toBe('error');
  }, 60_000);

  it('still blocks while its heartbeat is recent', async () => {
    const appId = await newSpaceApp(server, token);
    await streamingRow(appId, TURN_HEARTBEAT_MS);
    await expectError(
      await chat(server, appId, 'Me too', { token }),
      409,
      'space/chat-busy',
      'Please wait for chat to finish',
    );
  });
});

describe('a live turn with a silent model', () => {
  it('keeps its row fresh, so it is never taken for a dead one', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({ chunks: ['Thinking…'], delayMs: TURN_HEARTBEAT_MS + 500 });
    const res = await chat(server, appId, 'Take your time', { token });
    expect(res.status).toBe(200);
    const rowOf = async () =>
      (
        await server.platform.db
          .select()
          .from(schema.appChatMessages)
          .where(eq(schema.appChatMessages.appId, appId))
      ).find((m) => m.role === 'assistant')!;
    const started = (await rowOf()).updatedAt.getTime();
    await vi.waitFor(async () => expect((await rowOf()).updatedAt.getTime()).toBeGreaterThan(started), {
      timeout: TURN_HEARTBEAT_MS + 1000,
      interval: 250,
    });
    expect((await rowOf()).status).toBe('streaming');
    await readUiChunks(res);
    expect((await rowOf()).status).toBe('complete');
  }, 60_000);
});

describe('an embedded server starting', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buildai-turns-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const boot = () => startTestServer({ DATA_DIR: dataDir, REDIS_URL: undefined }, { keepDataDir: true });

  it("closes the last process's streaming turns as failed at once", async () => {
    const first = await boot();
    const { idToken } = await signUpBuilder(first, 'crash@example.com');
    const appId = await newSpaceApp(first, idToken);
    await first.platform.db.insert(schema.appChatMessages).values({
      messageId: `crash${appId}`.slice(0, 40),
      appId,
      role: 'assistant',
      status: 'streaming',
    });
    await first.close();
    const second = await boot();
    try {
      await vi.waitFor(
        async () => {
          const [row] = await second.platform.db
            .select()
            .from(schema.appChatMessages)
            .where(eq(schema.appChatMessages.appId, appId));
          expect(row!.status).toBe('error');
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await second.close();
    }
  }, 60_000);
});

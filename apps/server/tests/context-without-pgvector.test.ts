// A database where pgvector cannot be created (the embedded one without its extension: `CREATE EXTENSION vector`
// fails there as on a PostgreSQL without the package): the server starts, says how to fix it, and data sources
// are searched by full text.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { openDatabase } from '../src/db/client';
import { retrieveContext } from '../src/features/context';
import { contextApi } from './fixtures/context-api';
import { fakeLlmConfig, json } from './helpers';

let llm: FakeLlm;
let server: TestServer;
let api: ReturnType<typeof contextApi>;
let adminToken = '';
const logged: { level: number; msg: string }[] = [];
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  const sink = new Writable({
    write(line: Buffer, _encoding, done) {
      logged.push(JSON.parse(line.toString()) as { level: number; msg: string });
      done();
    },
  });
  server = await startTestServer(
    {
      ...fakeLlmConfig(llm),
      AI_EMBEDDING_MODEL: 'text-embedding-3-small',
      AI_EMBEDDING_DIMENSIONS: '8',
      ADMIN_EMAILS: 'novector@example.com',
    },
    { withoutPgvector: true, logger: pino({ level: 'warn' }, sink) },
  );
  adminToken = (await signUpBuilder(server, 'novector@example.com')).idToken;
  api = contextApi(server, () => adminToken);
});
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

describe('a database without pgvector', () => {
  it('really cannot create the extension', async () => {
    const bare = await openDatabase({ dataDir: 'memory://', withoutPgvector: true });
    try {
      await expect(bare.db.execute(sql`create extension vector`)).rejects.toThrow(/vector/);
    } finally {
      await bare.close();
    }
  });

  it('starts anyway, with a log line naming the fix', () => {
    expect(server.platform.database.vectors).toBe(false);
    const line = logged.find((l) => l.msg.startsWith('pgvector is not installed'));
    expect(line?.level).toBe(40);
    expect(line?.msg).toContain('scripts/install-pgvector.sh');
  });

  it('syncs data items and finds them by full text, without asking for embeddings', async () => {
    const b = await api.builderOn('moon');
    const res = await api.ingestText(b.idToken, b.appId, { context: 'The lighthouse opens at dawn.' });
    const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
    expect(item).toMatchObject({ status: 'synced', numOfChunks: 1, errorMessage: null });
    const found = await retrieveContext(server.platform, {
      appId: b.appId,
      query: 'lighthouse',
      method: 'hybrid',
    });
    expect(found.map((c) => c.content)).toEqual(['The lighthouse opens at dawn.']);
    expect(llm.requests.filter((r) => r.path === '/v1/embeddings')).toEqual([]);
  });

  it('takes the real type once pgvector is there, at the next start', async () => {
    const dataDir = join(tmpdir(), `buildai-novector-${randomBytes(4).toString('hex')}`);
    try {
      const before = await openDatabase({ dataDir, withoutPgvector: true });
      await before.migrate();
      expect(before.vectors).toBe(false);
      await before.close();
      const after = await openDatabase({ dataDir });
      await after.migrate();
      expect(after.vectors).toBe(true);
      const { rows } = (await after.db.execute(
        sql`select format_type(atttypid, atttypmod) as type from pg_attribute
            where attrelid = 'context_chunks'::regclass and attname = 'embedding'`,
      )) as unknown as { rows: { type: string }[] };
      expect(rows).toEqual([{ type: 'vector' }]);
      await after.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

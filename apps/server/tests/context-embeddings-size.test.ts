// AI_EMBEDDING_DIMENSIONS that does not match the model: items still sync, found by their words, and the builder
// and the operator are told what to change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { retrieveContext } from '../src/features/context';
import { contextApi } from './fixtures/context-api';
import { fakeLlmConfig, json } from './helpers';

let llm: FakeLlm;
let server: TestServer;
let api: ReturnType<typeof contextApi>;
let adminToken = '';
beforeAll(async () => {
  // a model with one fixed size (768 for nomic-embed-text; 8 here), whatever size is asked for
  llm = await startFakeLlm({ apiKey: 'test-key', embeddingDimensions: 8, fixedEmbeddingDimensions: true });
  server = await startTestServer({
    ...fakeLlmConfig(llm),
    AI_EMBEDDING_MODEL: 'nomic-embed-text',
    AI_EMBEDDING_DIMENSIONS: '16',
    ADMIN_EMAILS: 'sizes@example.com',
  });
  adminToken = (await signUpBuilder(server, 'sizes@example.com')).idToken;
  api = contextApi(server, () => adminToken);
});
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

const note =
  'Synced for search by words only: the embedding model answers vectors of 8 values, but the server asks for 16 ' +
  '(AI_EMBEDDING_DIMENSIONS). Set AI_EMBEDDING_DIMENSIONS=8 and sync the item again.';

describe('an embedding model that answers another size than AI_EMBEDDING_DIMENSIONS', () => {
  it('is found out on first use: items sync for full text with a plain note, and searches use full text', async () => {
    const b = await api.builderOn('moon');
    const embedCalls = () => llm.requests.filter((r) => r.path === '/v1/embeddings').length;
    const first = await api.ingestText(b.idToken, b.appId, {
      context: 'The ferry to Bergen leaves at nine.',
    });
    const item = await api.settled(b.idToken, b.appId, (await json(first)).contextItemId);
    expect(item).toMatchObject({ status: 'synced', numOfChunks: 1, errorMessage: note });
    expect(embedCalls()).toBe(1);

    const second = await api.ingestText(b.idToken, b.appId, { context: 'Tickets are sold at the harbour.' });
    const other = await api.settled(b.idToken, b.appId, (await json(second)).contextItemId);
    expect(other).toMatchObject({ status: 'synced', errorMessage: note });
    // the model is not asked again: its size is known
    expect(embedCalls()).toBe(1);

    const found = await retrieveContext(server.platform, {
      appId: b.appId,
      query: 'ferry Bergen',
      method: 'hybrid',
    });
    expect(found.map((c) => c.content)).toEqual(['The ferry to Bergen leaves at nine.']);
    expect(embedCalls()).toBe(1);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '@buildai/testkit';
import { json, makeTool } from './helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'buildai-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server the way `npm start` does: embedded database under DATA_DIR, migrations at start. */
const boot = () => startTestServer({ DATA_DIR: dataDir, REDIS_URL: undefined }, { keepDataDir: true });

/** Signs a builder up, creates the account and a tool: its id token and the tool's app id. */
async function builderWithTool(server: Awaited<ReturnType<typeof boot>>, email: string) {
  const signUp = await server.request('/api/live_api/auth/signUp', {
    method: 'POST',
    json: { email, password: 'a long passphrase', tenantId: 'platform' },
  });
  const { idToken } = await json(signUp);
  await server.request('/api/live_api/account/create', { method: 'POST', token: idToken });
  const { appId } = await makeTool(server, idToken);
  return { idToken: idToken as string, appId };
}

describe('the embedded database', () => {
  it('keeps accounts, apps and sessions across a restart', async () => {
    const first = await boot();
    const { idToken, appId } = await builderWithTool(first, 'keep@example.com');
    await first.close();

    const second = await boot();
    const signIn = await second.request('/api/live_api/auth/signIn', {
      method: 'POST',
      json: { email: 'keep@example.com', password: 'a long passphrase' },
    });
    expect(signIn.status).toBe(200);
    // the id token from before the restart is still valid: the signing key was kept too
    const app = await json(await second.request(`/api/apps/${appId}`, { token: idToken }));
    expect(app).toMatchObject({ appId, header: 'Slogan maker', isOwner: true });
    await second.close();
  });

  it('finishes a data item that a stop left running, with none of its interrupted chunks', async () => {
    const first = await boot();
    const { idToken, appId } = await builderWithTool(first, 'resume@example.com');
    const created = await first.request(`/api/context/ingest/text?appId=${appId}`, {
      method: 'POST',
      token: idToken,
      json: { context: 'Harbor fees are due on the first Monday of each month.' },
    });
    const { contextItemId } = await json(created);
    const status = async (b: Awaited<ReturnType<typeof boot>>) => {
      const list = await json(await b.request(`/api/context/items?appId=${appId}`, { token: idToken }));
      return (list.contextItems as { id: string; status: string }[]).find((i) => i.id === contextItemId)
        ?.status;
    };
    await vi.waitFor(async () => expect(await status(first)).toBe('synced'), {
      timeout: 5_000,
      interval: 25,
    });
    // as a stop in the middle of storing leaves it: running, with a chunk the interrupted job had written
    await first.platform.db.execute(
      sql`update context_items set status = 'running' where id = ${contextItemId}`,
    );
    await first.platform.db.execute(sql`
      insert into context_chunks (id, item_id, app_id, position, content)
      values ('interrupted-chunk', ${contextItemId}, ${appId}, 1, 'half of something')`);
    await first.close();

    const second = await boot();
    await vi.waitFor(async () => expect(await status(second)).toBe('synced'), {
      timeout: 5_000,
      interval: 25,
    });
    const { rows } = (await second.platform.db.execute(
      sql`select content from context_chunks where item_id = ${contextItemId} order by position`,
    )) as unknown as { rows: { content: string }[] };
    expect(rows.map((r) => r.content)).toEqual(['Harbor fees are due on the first Monday of each month.']);
    await second.close();
  });
});

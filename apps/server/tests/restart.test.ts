import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, createLogger, createPlatform, loadConfig } from '@buildai/server';
import { inProcessRequest } from '@buildai/testkit';
import { json, makeTool } from './helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'buildai-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server the way `npm start` does: embedded database under DATA_DIR, migrations at start. */
async function boot() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AI_MODELS_URL: '' });
  const platform = await createPlatform(config, createLogger(config), { refreshModels: false });
  const app = createApp(platform);
  const request = inProcessRequest(app);
  return { platform, request };
}

describe('the embedded database', () => {
  it('keeps accounts, apps and sessions across a restart', async () => {
    const first = await boot();
    const signUp = await first.request('/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'keep@example.com', password: 'a long passphrase', tenantId: 'platform' },
    });
    const { idToken } = await json(signUp);
    await first.request('/api/live_api/account/create', { method: 'POST', token: idToken });
    const { appId } = await makeTool(first, idToken);
    await first.platform.close();

    const second = await boot();
    const signIn = await second.request('/api/live_api/auth/signIn', {
      method: 'POST',
      json: { email: 'keep@example.com', password: 'a long passphrase' },
    });
    expect(signIn.status).toBe(200);
    // the id token from before the restart is still valid: the signing key was kept too
    const app = await json(await second.request(`/api/apps/${appId}`, { token: idToken }));
    expect(app).toMatchObject({ appId, header: 'Slogan maker', isOwner: true });
    await second.platform.close();
  });
});

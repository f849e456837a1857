import { createSecretKey } from 'node:crypto';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { AppError, ingestWebRequest } from '@buildai/domain';
import { newId } from '../../db/ids';
import { contextItems } from '../../db/schema/context';
import { parseBody, requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { loadOwnedApp, requireBuilder } from '../apps';
import { INGEST_JOB, type IngestJobData, assertRoomForItems, effectivePlan, lockAccount } from '../context';
import {
  deleteConnection,
  isIntegrationProvider,
  loadConnection,
  type IntegrationProvider,
} from './connections';
import { listDriveItems } from './google-drive';
import { listNotionItems } from './notion';
import {
  finishConnect,
  googleDriveConfigured,
  notionConfigured,
  providerConfigured,
  startConnect,
} from './oauth';
import { checkUrl, systemResolver } from './web/address';
import type { IntegrationServices } from './services';

/** Lifetime of the import widget's token (decision 0004). */
export const WIDGET_TOKEN_LIFETIME_SECONDS = 300;
export const WIDGET_TOKEN_AUDIENCE = 'buildai:import-widget';

function providerParam(c: Ctx): IntegrationProvider {
  const provider = c.req.param('provider') ?? '';
  if (!isIntegrationProvider(provider)) throw new AppError('not-found');
  return provider;
}

/** The caller's account and the app named by `?appId=`, which it must own (another builder's app answers 404). */
async function builderAndApp(c: Ctx) {
  const platform = c.get('platform');
  const account = await requireBuilder(platform, requireCaller(c));
  const appId = c.req.query('appId');
  if (!appId) throw new AppError('app/not-found');
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  return { platform, account, app };
}

/** /api/integrations: connecting Notion and Google Drive, listing what can be imported, the widget token. */
export function integrationRoutes(services: IntegrationServices) {
  const r = new Hono<AppEnv>();

  r.get('/fetchCarbonTokens', async (c) => {
    const platform = c.get('platform');
    const account = await requireBuilder(platform, requireCaller(c));
    const accessToken = await new SignJWT({ scope: 'import' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('buildai')
      .setSubject(account.accountId)
      .setAudience(WIDGET_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${WIDGET_TOKEN_LIFETIME_SECONDS}s`)
      .sign(createSecretKey(await services.signingKey.bytes()));
    return c.json({
      accessToken,
      expiresIn: WIDGET_TOKEN_LIFETIME_SECONDS,
      providers: { notion: notionConfigured(platform), googleDrive: googleDriveConfigured(platform) },
    });
  });

  // To the provider's consent screen. The builder's page calls this with its bearer token and `Accept:
  // application/json` to get `{ url }` for the popup; otherwise it answers the redirect itself.
  r.get('/:provider/start', async (c) => {
    const provider = providerParam(c);
    if (!providerConfigured(c.get('platform'), provider)) throw new AppError('integration/not-configured');
    const { account, app } = await builderAndApp(c);
    const url = await startConnect(c, services, provider, account.accountId, app.appId);
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ url });
    return c.redirect(url, 302);
  });

  r.get('/:provider/callback', (c) => finishConnect(c, services, providerParam(c)));

  // Which imports the operator configured and which of them this builder connected (the key is per builder, not
  // per app: one Notion workspace serves all of a builder's apps). The app is named only to check ownership.
  r.get('/connections', async (c) => {
    const { platform, account } = await builderAndApp(c);
    const status = async (provider: IntegrationProvider) => ({
      configured: providerConfigured(platform, provider),
      connected: (await loadConnection(platform, services.signingKey, account.accountId, provider)) !== null,
    });
    const [notion, googleDrive] = await Promise.all([status('notion'), status('google-drive')]);
    return c.json({ notion, googleDrive });
  });

  // Forgets the builder's tokens for the provider; what was imported stays. Allowed without configuration (an
  // operator who removed the client must not keep a builder from deleting the tokens) and idempotent.
  r.delete('/:provider/connection', async (c) => {
    const provider = providerParam(c);
    const { platform, account } = await builderAndApp(c);
    await deleteConnection(platform, account.accountId, provider);
    return c.body(null, 204);
  });

  r.get('/:provider/items', async (c) => {
    const provider = providerParam(c);
    if (!providerConfigured(c.get('platform'), provider)) throw new AppError('integration/not-configured');
    const { platform, account } = await builderAndApp(c);
    const connection = await loadConnection(platform, services.signingKey, account.accountId, provider);
    if (!connection) throw new AppError('integration/not-connected');
    const items =
      provider === 'notion'
        ? await listNotionItems(platform, connection)
        : await listDriveItems(platform, services, account.accountId, connection);
    return c.json({ items });
  });

  return r;
}

/** POST /api/context/ingest/web?appId= {url}: a web page and its same-site links, crawled as one item. */
export function webIngestRoutes({ scraper }: IntegrationServices) {
  const r = new Hono<AppEnv>();
  r.post('/', async (c) => {
    const { platform, account, app } = await builderAndApp(c);
    const { url: raw } = await parseBody(c, ingestWebRequest);
    const url = await checkUrl(raw, scraper.policy(), scraper.overrides.resolve ?? systemResolver);
    const plan = effectivePlan(platform, account, requireCaller(c).email);
    const id = newId();
    // within the plan's limits, counted and written under the account's lock like every other new item
    await platform.db.transaction(async (tx) => {
      await lockAccount(platform, tx, account.accountId);
      await assertRoomForItems(tx, account.accountId, plan, { items: 1, files: 0 });
      await tx.insert(contextItems).values({
        id,
        appId: app.appId,
        accountId: account.accountId,
        name: url.href,
        type: 'web page',
        source: 'web scraper',
        status: 'pending',
        externalFileUrl: url.href,
      });
    });
    await platform.jobs.enqueue<IngestJobData>(INGEST_JOB, { itemId: id }, { jobId: id });
    return c.json({ contextItemId: id }, 201);
  });
  return r;
}

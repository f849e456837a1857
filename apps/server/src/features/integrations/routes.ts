import { createSecretKey } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { SignJWT } from 'jose';
import { z } from 'zod';
import {
  AppError,
  ingestWebRequest,
  integrationProviderKey,
  integrationProviders,
  resourceIdSchema,
  type ConnectionStatus,
  type IntegrationProviderKey,
  carbonTokensResponse,
  connectionsResponse,
  contextItemIdResponse,
  providerItemsResponse,
  urlResponse,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { contextItems } from '../../db/schema/context';
import { requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { answered, route } from '../../http/validation';
import { loadOwnedApp, requireBuilder } from '../apps';
import { INGEST_JOB, type IngestJobData, assertRoomForItems, effectivePlan, lockAccount } from '../context';
import { deleteConnection, loadConnection } from './connections';
import { accountConnectors, WEB_PAGE_ITEM, type AccountConnector } from './connectors';
import { finishConnect, startConnect } from './oauth';
import { checkUrl, systemResolver } from './web/address';
import type { IntegrationServices } from './services';

/** Lifetime of the import widget's token (decision 0004). */
export const WIDGET_TOKEN_LIFETIME_SECONDS = 300;
export const WIDGET_TOKEN_AUDIENCE = 'buildai:import-widget';

const providerParams = z.object({ provider: z.enum(integrationProviders) });
const appQuery = z.object({ appId: resourceIdSchema.optional() });
const callbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(4000).optional(),
});

/** Every account connector's answer, keyed as the domain keys providers (`notion`, `googleDrive`), in its order. */
async function byProvider<T>(answer: (connector: AccountConnector) => T | Promise<T>) {
  const entries = await Promise.all(
    integrationProviders.map(async (provider) => [
      integrationProviderKey(provider),
      await answer(accountConnectors[provider]),
    ]),
  );
  return Object.fromEntries(entries) as Record<IntegrationProviderKey, T>;
}

/** The caller's account and the app named by `?appId=`, which it must own (another builder's app answers 404). */
async function builderAndApp(c: Ctx, appId: string | undefined) {
  const platform = c.get('platform');
  const account = await requireBuilder(platform, requireCaller(c));
  if (!appId) throw new AppError('app/not-found');
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  return { platform, account, app };
}

/** /api/integrations: connecting Notion and Google Drive, listing what can be imported, the widget token. */
export function integrationRoutes(services: IntegrationServices) {
  const r = new OpenAPIHono<AppEnv>();

  route(
    r,
    {
      method: 'get',
      path: '/fetchCarbonTokens',
      response: carbonTokensResponse,
      summary: "The import widget's short-lived token",
    },
    async (c) => {
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
        providers: await byProvider((connector) => connector.configured(platform.config)),
      });
    },
  );

  // To the provider's consent screen. The builder's page calls this with its bearer token and `Accept:
  // application/json` to get `{ url }` for the popup; otherwise it answers the redirect itself.
  route(
    r,
    {
      method: 'get',
      path: '/{provider}/start',
      summary: "To the provider's consent screen",
      params: providerParams,
      query: appQuery,
      status: 302,
      response: urlResponse,
    },
    async (c, { params, query }) => {
      const connector = accountConnectors[params.provider];
      if (!connector.configured(c.get('platform').config)) throw new AppError('integration/not-configured');
      const { account, app } = await builderAndApp(c, query.appId);
      const url = await startConnect({
        c,
        services,
        connector,
        accountId: account.accountId,
        appId: app.appId,
      });
      if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ url });
      return answered(urlResponse, c.redirect(url, 302));
    },
  );

  route(
    r,
    {
      method: 'get',
      path: '/{provider}/callback',
      summary: 'Back from the provider: the popup page',
      params: providerParams,
      query: callbackQuery,
      produces: 'text/html',
    },
    (c, { params, query }) =>
      finishConnect(c, { services, connector: accountConnectors[params.provider], query }),
  );

  // Which imports the operator configured and which of them this builder connected (the key is per builder, not
  // per app: one Notion workspace serves all of a builder's apps). The app is named only to check ownership.
  route(
    r,
    {
      method: 'get',
      path: '/connections',
      response: connectionsResponse,
      summary: "The builder's connections",
      query: appQuery,
    },
    async (c, { query }) => {
      const { platform, account } = await builderAndApp(c, query.appId);
      const connections = await byProvider<ConnectionStatus>(async (connector) => ({
        configured: connector.configured(platform.config),
        connected:
          (await loadConnection({
            platform,
            signingKey: services.signingKey,
            accountId: account.accountId,
            provider: connector.id,
          })) !== null,
      }));
      return c.json(connections);
    },
  );

  // Forgets the builder's tokens for the provider; what was imported stays. Allowed without configuration (an
  // operator who removed the client must not keep a builder from deleting the tokens) and idempotent.
  route(
    r,
    {
      method: 'delete',
      path: '/{provider}/connection',
      summary: "Forgets the builder's tokens for a provider",
      params: providerParams,
      query: appQuery,
      status: 204,
    },
    async (c, { params, query }) => {
      const { platform, account } = await builderAndApp(c, query.appId);
      await deleteConnection(platform, account.accountId, params.provider);
      return c.body(null, 204);
    },
  );

  route(
    r,
    {
      method: 'get',
      path: '/{provider}/items',
      response: providerItemsResponse,
      summary: 'What can be imported from a provider',
      params: providerParams,
      query: appQuery,
    },
    async (c, { params, query }) => {
      const connector = accountConnectors[params.provider];
      if (!connector.configured(c.get('platform').config)) throw new AppError('integration/not-configured');
      const { platform, account } = await builderAndApp(c, query.appId);
      const connection = await loadConnection({
        platform,
        signingKey: services.signingKey,
        accountId: account.accountId,
        provider: connector.id,
      });
      if (!connection) throw new AppError('integration/not-connected');
      const items = await connector.list({ platform, services }, account.accountId, connection);
      return c.json({ items });
    },
  );

  return r;
}

/** POST /api/context/ingest/web?appId= {url}: a web page and its same-site links, crawled as one item. */
export function webIngestRoutes({ scraper }: IntegrationServices) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/',
      response: contextItemIdResponse,
      summary: 'A web page and its same-site links as a data item',
      query: appQuery,
      body: ingestWebRequest,
      status: 201,
    },
    async (c, { query, body }) => {
      const { platform, account, app } = await builderAndApp(c, query.appId);
      const { url: raw } = await body();
      const url = await checkUrl(raw, scraper.policy(), scraper.overrides.resolve ?? systemResolver);
      const plan = effectivePlan(platform, account, requireCaller(c).email);
      const id = newId();
      // within the plan's limits, counted and written under the account's lock like every other new item
      await platform.db.transaction(async (tx) => {
        await lockAccount(platform, tx, account.accountId);
        await assertRoomForItems({ tx, accountId: account.accountId, plan, adding: { items: 1, files: 0 } });
        await tx.insert(contextItems).values({
          id,
          appId: app.appId,
          accountId: account.accountId,
          name: url.href,
          ...WEB_PAGE_ITEM,
          status: 'pending',
          externalFileUrl: url.href,
        });
      });
      await platform.jobs.enqueue<IngestJobData>(INGEST_JOB, { itemId: id }, { jobId: id });
      return c.json({ contextItemId: id }, 201);
    },
  );
  return r;
}

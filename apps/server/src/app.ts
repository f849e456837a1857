import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { AppError, healthResponse, openApiDocumentResponse } from '@buildai/domain';
import { authenticate, identityRoutes } from './features/identity';
import { accountRoutes } from './features/accounts';
import { appRoutes, closeTurnsOfLastProcess } from './features/apps';
import { appTemplateRoutes } from './features/app-templates';
import { appClaimRoutes, claimRoutes, collaborationRoutes } from './features/claims';
import { registerContextJobs, contextRoutes, contextToolRoutes } from './features/context';
import { importExternal, integrationRoutes, webIngestRoutes } from './features/integrations';
import { analyticsRoutes } from './features/analytics';
import { builderRoutes } from './features/builder';
import { csvMappingRoutes } from './features/csv-mapping';
import { dataImageLinks, filesRoutes } from './features/files';
import { createPublishedTools, itemPreview, runtimeRoutes, toolLinkRoutes } from './features/runtime';
import {
  askAssistant,
  assistantRoutes,
  isAssistantActive,
  openAiCompatibleRoutes,
} from './features/assistant';
import { devMailRoutes } from './features/dev-mail';
import { devClockRoutes, logRoutes, registerRetentionJob } from './features/logs';
import { appUserRoutes } from './features/app-users';
import { apiKeyRoutes } from './features/api-keys';
import { evaluationRoutes } from './features/evaluations';
import { mcpRoutes, type McpAskOptions } from './features/mcp';
import { publicApiRoutes } from './features/public-api';
import { memoryRoutes } from './features/memories';
import { buildCheck, createAppOriginApp, spaceRuntimeRoutes } from './features/space-runtime';
import { spaceRoutes } from './features/spaces';
import { appValidationRoutes, validateTurn } from './features/app-validation';
import { entityRoutes } from './features/entities';
import { functionRoutes } from './features/functions';
import {
  paymentRoutes,
  paymentSettingsKeeper,
  pingRoutes,
  planLinks,
  registerPaymentJobs,
  saleClaims,
} from './features/payments';
import { adminRoutes, paidPlanRoutes } from './features/plans';
import { membershipRoutes } from './features/memberships';
import { assistantInfoCors, embedAncestors, widgetRoutes } from './features/widget';
import { appOrigin } from './config';
import type { AppEnv } from './http/context';
import type { IncomingWithId } from './http/node-handler';
import { openApiDocument, type OpenApiDocument } from './http/openapi';
import { RememberingRouter } from './http/remembering-router';
import { requestLogLevel } from './http/request-log';
import { defaultWebDist, mountSpa } from './http/spa';
import { answered, route } from './http/validation';
import { healthBody, type Platform } from './platform';
import { createServices, type Services } from './services';

/**
 * The Hono app: middleware, routes, the error model (architecture §4) and the SPA with its history fallback. The
 * features' state is `services`, built here unless the caller (a test) built it with its own options.
 */
export function createApp(platform: Platform, services: Services = createServices(platform)): Hono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ router: new RememberingRouter() });
  const { logger } = platform;
  registerContextJobs(platform, {
    parseLimits: services.parseLimits,
    importExternal: (p, item, signal) =>
      importExternal({ platform: p, services: services.integrations, item, signal }),
  });
  registerPaymentJobs(platform, services.payments);
  registerRetentionJob(platform);
  if (platform.database.kind === 'pglite') {
    // the only process on its data directory: turns left streaming are the last process's (docs/decisions/0016)
    void closeTurnsOfLastProcess(platform.db)
      .then((n) => n > 0 && logger.info({ turns: n }, 'closed the chat turns a stop left running'))
      .catch((err: unknown) => logger.error({ err }, 'could not close the chat turns a stop left running'));
  }

  const accessLog = platform.config.LOG_REQUESTS === 'all';
  // not an async function: the rest of the chain's promise, and the line once it has answered (one step of waiting
  // less a request, decision 0005-house-order/speed.md "Session 28")
  app.use('*', (c, next) => {
    // The node handler names each request (and sets X-Request-Id); in-process calls get an id here.
    const incoming = (c.env as { incoming?: IncomingWithId } | undefined)?.incoming;
    const requestId = incoming?.requestId ?? randomUUID();
    c.set('requestId', requestId);
    c.set('platform', platform);
    c.set('caller', null);
    const started = performance.now();
    return next().then(() => {
      const line = {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      };
      logger[requestLogLevel(line, accessLog)](line, 'request');
    });
  });
  app.use('/api/*', authenticate(services.identity));
  // the widget's script reads the assistant's name and colours from any site (decision 0010 "The widget")
  app.use('/api/apps/:appId/assistant/info', assistantInfoCors());

  route(
    app,
    {
      method: 'get',
      path: '/api/health',
      response: healthResponse,
      auth: 'none',
      summary: 'Health and the adapters in use',
    },
    (c) => c.json(healthBody(platform)),
  );
  app.route('/api/live_api/auth', identityRoutes(services.identity));
  app.route(
    '/api/live_api/account',
    accountRoutes(services.identity.signingKey, saleClaims(services.payments)),
  );
  app.route('/api/live_api/user', memoryRoutes());
  app.route('/api/live_api/app', paidPlanRoutes(services.plans, planLinks(services.payments)));
  app.route('/api/admin', adminRoutes(services.plans));
  // the mail outbox for operators, outside production and only while mail stays in the outbox
  if (platform.config.NODE_ENV !== 'production' && platform.mail.kind === 'outbox')
    app.route('/', devMailRoutes());
  // the clock of scheduled work (log retention), movable by tests outside production (decision 0018)
  if (platform.config.NODE_ENV !== 'production') app.route('/', devClockRoutes());
  const publishedTools = createPublishedTools(platform, services.appChanges);
  app.route('/api/apps', runtimeRoutes(publishedTools, services.runAdmissions));
  app.route('/api/tool-links', toolLinkRoutes());
  const assistantServices = {
    publishedTools,
    admissions: services.runAdmissions,
    changes: services.appChanges,
  };
  app.route('/api/apps', assistantRoutes(assistantServices));
  app.route('/api/v1', openAiCompatibleRoutes(assistantServices));
  app.route('/api/apps', apiKeyRoutes());
  app.route('/api/apps', evaluationRoutes(publishedTools));
  // programmatic access with an app's API key (decision 0010): REST and MCP; the assistant is one more MCP tool
  app.route('/api/v1/apps', publicApiRoutes(publishedTools, services.runAdmissions));
  const mcpAssistant = services.mcpAssistant ?? {
    isActive: (appId: string) => isAssistantActive(platform, appId),
    ask: async (o: McpAskOptions) => {
      const { text, citations } = await askAssistant({
        platform,
        publishedTools,
        admissions: services.runAdmissions,
        appId: o.appId,
        user: o.user,
        source: o.source,
        apiKeyId: o.apiKeyId,
        messages: [{ role: 'user', text: o.message }],
        signal: o.signal,
      });
      return { text, citations };
    },
  };
  app.route(
    '/mcp',
    mcpRoutes({ publishedTools, admissions: services.runAdmissions, assistant: mcpAssistant }),
  );
  const checkBuild = buildCheck(platform, services.appBundler);
  app.route(
    '/api/apps',
    appRoutes(services.appChanges, paymentSettingsKeeper(services.payments), checkBuild),
  );
  app.route('/api/apps', paymentRoutes(services.payments, services.appChanges));
  app.route('/api/payments', pingRoutes(services.payments));
  app.route('/api/apps', appClaimRoutes(services.identity.signingKey));
  app.route('/api/claim', claimRoutes(services.identity.signingKey, services.appChanges));
  app.route('/api/collaborations', collaborationRoutes(services.identity.signingKey));
  app.route('/api/app-templates', appTemplateRoutes());
  app.route('/api/apps', analyticsRoutes());
  app.route(
    '/api/apps',
    spaceRuntimeRoutes({ bundler: services.appBundler, signingKey: services.identity.signingKey }),
  );
  app.route(
    '/api/apps',
    spaceRoutes({
      validator: services.recordValidator,
      changes: services.appChanges,
      checkBuild,
      ...(platform.config.CHAT_VALIDATION === 'on' ? { validate: validateTurn } : {}),
    }),
  );
  app.route('/api/apps', appValidationRoutes(services.identity.signingKey));
  app.route(
    '/api/apps',
    entityRoutes(
      services.recordValidator,
      dataImageLinks(services.identity.signingKey, appOrigin(platform.config)),
    ),
  );
  app.route(
    '/api/apps',
    functionRoutes({
      signingKey: services.identity.signingKey,
      sandbox: services.functionSandbox,
      validator: services.recordValidator,
    }),
  );
  app.route('/api/apps', membershipRoutes());
  app.route('/api/apps', logRoutes());
  app.route('/api/apps', appUserRoutes());
  app.route('/api/builder', builderRoutes());
  app.route('/api/csv', csvMappingRoutes());
  app.route('/api/context/ingest/web', webIngestRoutes(services.integrations));
  app.route('/api/context', contextRoutes(services.parseLimits));
  app.route('/api/tools', contextToolRoutes());
  app.route('/api/integrations', integrationRoutes(services.integrations));
  app.route('/api/files', filesRoutes());
  // the document of every route above, from the same schemas that validate them (docs/decisions/0005)
  let document: OpenApiDocument | undefined;
  route(
    app,
    {
      method: 'get',
      path: '/api/openapi.json',
      response: openApiDocumentResponse,
      auth: 'none',
      summary: 'This document (OpenAPI 3.1)',
    },
    // the document's own types (openapi3-ts) are wider than JSON: the test reads it back
    (c) => answered(openApiDocumentResponse, c.json((document ??= openApiDocument(app)))),
  );
  app.all('/api/*', (c) => c.json(new AppError('not-found').toBody(), 404));
  app.all('/mcp/*', (c) => c.json(new AppError('not-found').toBody(), 404));
  // app documents live on the app origin only (decision 0007): the product never serves them, not even as the SPA
  app.all('/apps/*', (c) => c.json(new AppError('not-found').toBody(), 404));

  // the widget's script, before the SPA: other sites load it (decision 0010 "The widget")
  app.route('/', widgetRoutes());
  mountSpa(app, platform.config.WEB_DIST ?? defaultWebDist(), {
    appOrigin: appOrigin(platform.config),
    appForHost: (host) => services.domains.appFor(host),
    embedAncestors: (appId) => embedAncestors(platform, appId),
    publicUrl: platform.config.PUBLIC_URL,
    itemPreview: (appId, entity, id) => itemPreview({ platform, appId, entity, id }),
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.status >= 500)
        logger.error({ requestId: c.get('requestId'), code: err.code, err }, 'request failed');
      // a refusal that knows when it ends says so (RFC 9110 Retry-After), e.g. a sign-in lockout (decision 0006)
      const retryAfter = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (err.status === 429 && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
      return c.json(err.toBody(), err.status as 400);
    }
    logger.error({ requestId: c.get('requestId'), err }, 'unhandled error');
    return c.json(new AppError('internal').toBody(), 500);
  });
  return app;
}

/** The app origin's own app (decision 0007): app documents and the shared runtime, nothing of the product. */
export function createAppOrigin(platform: Platform, services: Services): Hono {
  return createAppOriginApp(platform, {
    bundler: services.appBundler,
    signingKey: services.identity.signingKey,
  });
}

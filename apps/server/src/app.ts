import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { AppError } from '@buildai/domain';
import { authenticate } from './features/identity/authenticate';
import { identityRoutes } from './features/identity/routes';
import { accountRoutes } from './features/accounts/routes';
import { appRoutes } from './features/apps/routes';
import { registerContextJobs } from './features/context/jobs';
import { contextRoutes } from './features/context/routes';
import { contextToolRoutes } from './features/context/tool-routes';
import { integrationRoutes, webIngestRoutes } from './features/integrations/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { builderRoutes } from './features/builder/routes';
import { filesRoutes } from './features/files/routes';
import { createPublishedTools } from './features/runtime/published-tools';
import { runtimeRoutes } from './features/runtime/routes';
import { devMailRoutes } from './features/dev-mail/routes';
import { memoryRoutes } from './features/memories/routes';
import { plansOf } from './features/plans/plans';
import { adminRoutes, paidPlanRoutes } from './features/plans/routes';
import type { AppEnv } from './http/context';
import type { IncomingWithId } from './http/node-handler';
import { openApiDocument } from './http/openapi';
import { defaultWebDist, mountSpa } from './http/spa';
import { route } from './http/validation';
import { healthBody, type Platform } from './platform';

/** The Hono app: middleware, routes, the error model (DESIGN §4) and the SPA with its history fallback. */
export function createApp(platform: Platform): Hono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const { logger } = platform;
  // a PLANS_FILE that does not parse stops the start here, with the reason
  plansOf(platform.config);
  registerContextJobs(platform);

  app.use('*', async (c, next) => {
    // The node handler names each request (and sets X-Request-Id); in-process calls get an id here.
    const incoming = (c.env as { incoming?: IncomingWithId } | undefined)?.incoming;
    c.set('requestId', incoming?.requestId ?? randomUUID());
    c.set('platform', platform);
    c.set('caller', null);
    const started = performance.now();
    await next();
    const line = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    // Load-balancer probes would drown the log at info level.
    if (c.req.path === '/api/health') logger.debug(line, 'request');
    else logger.info(line, 'request');
  });
  app.use('/api/*', authenticate);

  route(app, { method: 'get', path: '/api/health', summary: 'Health and the adapters in use' }, (c) =>
    c.json(healthBody(platform)),
  );
  app.route('/api/live_api/auth', identityRoutes());
  app.route('/api/live_api/account', accountRoutes());
  app.route('/api/live_api/user', memoryRoutes());
  app.route('/api/live_api/app', paidPlanRoutes());
  app.route('/api/admin', adminRoutes());
  // the mail outbox for operators, outside production and only while mail stays in the outbox
  if (platform.config.NODE_ENV !== 'production' && platform.mail.kind === 'outbox')
    app.route('/', devMailRoutes());
  app.route('/api/apps', runtimeRoutes(createPublishedTools(platform)));
  app.route('/api/apps', appRoutes());
  app.route('/api/apps', analyticsRoutes());
  app.route('/api/builder', builderRoutes());
  app.route('/api/context/ingest/web', webIngestRoutes());
  app.route('/api/context', contextRoutes());
  app.route('/api/tools', contextToolRoutes());
  app.route('/api/integrations', integrationRoutes());
  app.route('/api/files', filesRoutes());
  // the document of every route above, from the same schemas that validate them (docs/decisions/0005)
  route(app, { method: 'get', path: '/api/openapi.json', summary: 'This document (OpenAPI 3.1)' }, (c) =>
    c.json(openApiDocument(app)),
  );
  app.all('/api/*', (c) => c.json(new AppError('not-found').toBody(), 404));

  mountSpa(app, platform.config.WEB_DIST ?? defaultWebDist());

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.status >= 500)
        logger.error({ requestId: c.get('requestId'), code: err.code, err }, 'request failed');
      return c.json(err.toBody(), err.status as 400);
    }
    logger.error({ requestId: c.get('requestId'), err }, 'unhandled error');
    return c.json(new AppError('internal').toBody(), 500);
  });
  return app;
}

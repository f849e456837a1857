import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from '@buildai/domain';
import { authenticate } from './features/identity/authenticate';
import { identityRoutes } from './features/identity/routes';
import { accountRoutes } from './features/accounts/routes';
import { appRoutes } from './features/apps/routes';
import { runtimeRoutes } from './features/runtime/routes';
import type { AppEnv } from './http/context';
import { defaultWebDist, mountSpa } from './http/spa';
import { describePlatform, type Platform } from './platform';

/** The Hono app: middleware, routes, the error model (DESIGN §4) and the SPA with its history fallback. */
export function createApp(platform: Platform): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { logger } = platform;

  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    c.set('platform', platform);
    c.set('caller', null);
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use('/api/*', authenticate);

  app.get('/api/health', (c) => c.json({ status: 'ok', adapters: describePlatform(platform) }));
  app.route('/api/live_api/auth', identityRoutes());
  app.route('/api/live_api/account', accountRoutes());
  app.route('/api/apps', runtimeRoutes());
  app.route('/api/apps', appRoutes());
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

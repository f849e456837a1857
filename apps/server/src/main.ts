import { createServer } from 'node:http';
import { createApp, createAppOrigin } from './app';
import { appOrigin, appOriginWarning, appPort, loadConfig } from './config';
import { createNodeHandler, dispatchByHost } from './http/node-handler';
import { createPlatform, describePlatform } from './platform';
import { createLogger } from './platform/logger';
import { createServices } from './services';
import { warmValidation } from './features/app-validation';

/** Reads the configuration, builds the platform, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const platform = await createPlatform(config, logger);
  const services = createServices(platform);
  const app = createApp(platform, services);
  const product = createNodeHandler(app);
  const appDocuments = createNodeHandler(createAppOrigin(platform, services));
  // the app origin (decision 0007): APP_ORIGIN shares this port and is told apart by Host; else a port of its own
  const server = createServer(
    config.APP_ORIGIN ? dispatchByHost(config.APP_ORIGIN, appDocuments, product) : product,
  );
  const appServer = config.APP_ORIGIN ? undefined : createServer(appDocuments);
  // the shared modules are built once; building the core now spares the first visitor the wait
  void services.appBundler.shared
    .set([])
    .catch((err: unknown) => logger.error({ err }, 'app runtime build failed'));
  appServer?.listen(appPort(config), config.HOST, () => {
    logger.info({ port: appPort(config) }, `Apps served on ${appOrigin(config)}`);
  });
  appServer?.on('error', (err: NodeJS.ErrnoException) => {
    logger.fatal(
      { err },
      err.code === 'EADDRINUSE'
        ? `Port ${appPort(config)} (the app origin) is already in use; set APP_PORT or APP_ORIGIN`
        : 'app origin server error',
    );
    void platform.close().finally(() => logger.flush(() => process.exit(1)));
  });
  server.listen(config.PORT, config.HOST, () => {
    logger.info(
      { port: config.PORT, adapters: describePlatform(platform) },
      `BuildAI listening on http://localhost:${config.PORT}`,
    );
    // the chat's gate validates every turn (decision 0013): the compiler and the packages' types load now, not then
    const warming = Date.now();
    if (config.CHAT_VALIDATION === 'on')
      setImmediate(() => {
        warmValidation()
          .then(() => logger.info({ ms: Date.now() - warming }, 'validation warmed'))
          .catch((err: unknown) => logger.warn({ err }, 'validation warm-up failed'));
      });
    const shared = appOriginWarning(config);
    if (shared && config.NODE_ENV === 'production') logger.warn(shared);
    if (!platform.ai.configured) {
      logger.warn(
        'No AI provider configured: set AI_PROVIDER and AI_API_KEY (and AI_BASE_URL where needed) to run tools.',
      );
    }
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    logger.fatal(
      { err },
      err.code === 'EADDRINUSE'
        ? `Port ${config.PORT} is already in use; set PORT to another one`
        : 'server error',
    );
    void platform.close().finally(() => logger.flush(() => process.exit(1)));
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    appServer?.close();
    server.close(async () => {
      await services.appBundler.close();
      await platform.close();
      logger.info('stopped');
      logger.flush(() => process.exit(0));
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

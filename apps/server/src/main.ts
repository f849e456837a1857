import { createServer } from 'node:http';
import { createApp } from './app';
import { loadConfig } from './config';
import { createNodeHandler } from './http/node-handler';
import { createPlatform, describePlatform } from './platform';
import { createLogger } from './platform/logger';

/** Reads the configuration, builds the platform, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const platform = await createPlatform(config, logger);
  const app = createApp(platform);
  const server = createServer(createNodeHandler(app));
  server.listen(config.PORT, config.HOST, () => {
    logger.info(
      { port: config.PORT, adapters: describePlatform(platform) },
      `BuildAI listening on http://localhost:${config.PORT}`,
    );
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
    server.close(async () => {
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

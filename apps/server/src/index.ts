/** What tests, e2e and benchmarks use to run the server in-process. */
export { createApp, createAppOrigin } from './app';
export { createServices, type ServiceOptions, type Services } from './services';
export { createNodeHandler, dispatchByHost } from './http/node-handler';
export { appOrigin, appOriginWarning, appPort, loadConfig, type Config } from './config';
export { createPlatform, describePlatform, type Platform } from './platform';
export { createLogger } from './platform/logger';
export { migrationsFolder, openDatabase, setUpWork, type Database } from './db/client';
export * as schema from './db/schema';

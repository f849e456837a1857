// The integrations feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { connectionKey, loadConnection } from './connections';
export { importExternal } from './import-external';
export { guardedLookup, isRefusedAddress, systemResolver, type Resolver } from './web/address';
export { REFUSED_IPV4_BLOCKS, REFUSED_IPV6_BLOCKS } from './web/special-addresses';
export { MAX_PAGE_BYTES, PAGE_TIMEOUT_MS } from './web/crawl';
export type { ScraperOverrides } from './web/scraper';
export { createIntegrationServices, type IntegrationOptions, type IntegrationServices } from './services';
export { integrationRoutes, webIngestRoutes } from './routes';

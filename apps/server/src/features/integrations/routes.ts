import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

/** /api/integrations: connecting Notion and Google Drive, listing what can be imported, the widget token. */
export function integrationRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}

/** POST /api/context/ingest/web?appId= {url}: a web page and its same-site links, crawled as one item. */
export function webIngestRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}

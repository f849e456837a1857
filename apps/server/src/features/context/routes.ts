import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

/** /api/context (spec 000 §7): the data source items of an app. */
export function contextRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}

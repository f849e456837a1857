import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export function builderRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}

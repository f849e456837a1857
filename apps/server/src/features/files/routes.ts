import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

export function filesRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}

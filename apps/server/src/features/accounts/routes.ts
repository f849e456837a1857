import { Hono } from 'hono';
import { requireCaller, type AppEnv } from '../../http/context';
import { createAccount } from './create-account';
import { getCurrentAccount } from './get-current-account';

/** /api/live_api/account/* (spec 000 §7). */
export function accountRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/create', async (c) => c.json(await createAccount(c.get('platform'), requireCaller(c))));
  r.get('/current', async (c) => c.json(await getCurrentAccount(c.get('platform'), requireCaller(c))));
  return r;
}

import { Hono } from 'hono';
import { magicCreateRequest } from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv } from '../../http/context';
import { magicCreate } from './magic-create';

/** /api/builder (spec 000 §7). */
export function builderRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/magicCreate', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, magicCreateRequest);
    return c.json(await magicCreate(c.get('platform'), caller, body, c.req.raw.signal));
  });
  return r;
}

import { Hono } from 'hono';
import { magicCreateRequest } from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv } from '../../http/context';
import { requireBuilder } from '../apps/load-app';
import { listModelChoices } from './list-models';
import { magicCreate } from './magic-create';

/** /api/builder (spec 000 §7). */
export function builderRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/magicCreate', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, magicCreateRequest);
    return c.json(await magicCreate(c.get('platform'), caller, body, c.req.raw.signal));
  });
  /** The models a builder can pick in Tool settings, with their prices per 1M tokens; the default first. */
  r.get('/models', async (c) => {
    const platform = c.get('platform');
    await requireBuilder(platform, requireCaller(c));
    return c.json(await listModelChoices(platform));
  });
  return r;
}

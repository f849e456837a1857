import { OpenAPIHono } from '@hono/zod-openapi';
import { magicCreateRequest, magicCreateResponse, modelsResponse } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { requireBuilder } from '../apps';
import { listModelChoices } from './list-models';
import { magicCreate } from './magic-create';

/** /api/builder (spec 000 §7). */
export function builderRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/magicCreate',
      response: magicCreateResponse,
      summary: 'A field written by the model',
      body: magicCreateRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      return c.json(
        await magicCreate({
          platform: c.get('platform'),
          caller,
          input: await body(),
          signal: c.req.raw.signal,
        }),
      );
    },
  );
  /** The models a builder can pick in Tool settings, with their prices per 1M tokens; the default first. */
  route(
    r,
    { method: 'get', path: '/models', response: modelsResponse, summary: 'Models a builder can pick' },
    async (c) => {
      const platform = c.get('platform');
      await requireBuilder(platform, requireCaller(c));
      return c.json(await listModelChoices(platform));
    },
  );
  return r;
}

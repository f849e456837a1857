import { OpenAPIHono } from '@hono/zod-openapi';
import { magicCreateRequest } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { requireBuilder } from '../apps';
import { magicCreate } from './magic-create';

/** Providers that run only their own models: the list offers those. */
const OWN_MODELS_ONLY: Record<string, string> = { openai: 'openai/', anthropic: 'anthropic/' };

/** /api/builder (spec 000 §7). */
export function builderRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/magicCreate',
      summary: 'A field written by the model',
      body: magicCreateRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      return c.json(await magicCreate(c.get('platform'), caller, await body(), c.req.raw.signal));
    },
  );
  /** The models a builder can pick in Tool settings, with their prices per 1M tokens; the default first. */
  route(r, { method: 'get', path: '/models', summary: 'Models a builder can pick' }, async (c) => {
    const platform = c.get('platform');
    await requireBuilder(platform, requireCaller(c));
    const prefix = OWN_MODELS_ONLY[platform.ai.kind];
    const listed = platform.models
      .list()
      .filter((m) => !prefix || m.id.startsWith(prefix))
      .map((m) => ({ id: m.id, name: m.name, promptRate: m.promptRate, completionRate: m.completionRate }));
    const defaultModel = platform.ai.defaultModel;
    const known = platform.models.find(defaultModel);
    const first = {
      id: defaultModel,
      name: known ? `${known.name} (default)` : `${defaultModel} (default)`,
      promptRate: known?.promptRate ?? null,
      completionRate: known?.completionRate ?? null,
    };
    return c.json({
      defaultModel,
      models: [first, ...listed.filter((m) => m.id !== defaultModel && m.id !== known?.id)],
    });
  });
  return r;
}

import { Hono } from 'hono';
import { magicCreateRequest } from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv } from '../../http/context';
import { requireBuilder } from '../apps';
import { magicCreate } from './magic-create';

/** Providers that run only their own models: the list offers those. */
const OWN_MODELS_ONLY: Record<string, string> = { openai: 'openai/', anthropic: 'anthropic/' };

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

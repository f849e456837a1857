import { OpenAPIHono } from '@hono/zod-openapi';
import { generateMappingRequest, generateMappingResponse } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { requireBuilder } from '../apps';
import { generateCsvMapping } from './generate-mapping';

/** /api/csv (spec 001 §7): the CSV import wizard's suggested mapping. */
export function csvMappingRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/generateMapping',
      response: generateMappingResponse,
      summary: "A CSV file's columns mapped onto an entity's fields by the model",
      body: generateMappingRequest,
    },
    async (c, { body }) => {
      const platform = c.get('platform');
      // builders only: an app's end users cannot build (403), nobody signed in is 401, both before the body
      await requireBuilder(platform, requireCaller(c));
      return c.json(await generateCsvMapping(platform, await body(), c.req.raw.signal));
    },
  );
  return r;
}

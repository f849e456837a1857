import { OpenAPIHono } from '@hono/zod-openapi';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { copyAppTemplate } from './copy-app-template';
import { listAppTemplates } from './list-app-templates';
import { appTemplatesResponse, newAppResponse } from '@buildai/domain';

/** /api/app-templates: the app templates collection (spec 001 §2 "App template"). */
export function appTemplateRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    { method: 'get', path: '/', response: appTemplatesResponse, summary: 'App templates' },
    async (c) => c.json(await listAppTemplates(c.get('platform'), requireCaller(c))),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/copy',
      response: newAppResponse,
      summary: 'A new app copied from an app template',
      params: appParams,
      status: 201,
    },
    async (c, { params }) =>
      c.json(await copyAppTemplate(c.get('platform'), requireCaller(c), params.appId), 201),
  );
  return r;
}

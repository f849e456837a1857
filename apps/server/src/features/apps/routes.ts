import { Hono } from 'hono';
import { AppError, newAppRequest, saveAppRequest, toolStatusRequest } from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv } from '../../http/context';
import { createNewApp } from './create-app';
import { getApp } from './get-app';
import { listApps } from './list-apps';
import { publishApp } from './publish-app';
import { saveApp } from './save-app';
import { setToolStatus } from './set-tool-status';

/** /api/apps (spec 001 §7). */
export function appRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => c.json(await listApps(c.get('platform'), requireCaller(c))));
  r.post('/new', async (c) => {
    const caller = requireCaller(c);
    const { kind } = await parseBody(c, newAppRequest);
    return c.json(await createNewApp(c.get('platform'), caller, kind), 201);
  });
  r.post('/', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, saveAppRequest);
    if (!body.app && !body.genApp) {
      throw new AppError('request/invalid', { message: 'app or genApp is required', field: 'app' });
    }
    return c.json(await saveApp(c.get('platform'), caller, body));
  });
  r.get('/:appId', async (c) =>
    c.json(await getApp(c.get('platform'), c.get('caller'), c.req.param('appId'))),
  );
  r.post('/:appId/publish', async (c) =>
    c.json(await publishApp(c.get('platform'), requireCaller(c), c.req.param('appId'))),
  );
  r.post('/:appId/tools/:toolId/status', async (c) => {
    const caller = requireCaller(c);
    const { status } = await parseBody(c, toolStatusRequest);
    return c.json(
      await setToolStatus(c.get('platform'), caller, c.req.param('appId'), c.req.param('toolId'), status),
    );
  });
  return r;
}

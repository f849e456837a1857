import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  aiAppSchema,
  AppError,
  createToolRequest,
  MAX_IMAGE_BYTES,
  newAppRequest,
  reorderToolsRequest,
  saveAppRequest,
  styleImageKinds,
  toolFromTemplateRequest,
  toolStatusRequest,
  updateToolMetaRequest,
} from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv, type Ctx } from '../../http/context';
import type { AppChangeBus } from './app-change-bus';
import { createNewApp } from './create-app';
import { createTool } from './create-tool';
import { deleteTool } from './delete-tool';
import { getApp } from './get-app';
import { removeToolImage, uploadStyleImage, uploadToolImage } from './images';
import { listApps } from './list-apps';
import { publishApp } from './publish-app';
import { reorderTools } from './reorder-tools';
import { saveApp } from './save-app';
import { saveSettings } from './save-settings';
import { saveStyle } from './save-style';
import { setToolStatus } from './set-tool-status';
import { createToolFromTemplate, listTemplates } from './templates';
import { putToolDefinition, updateToolMeta } from './update-tool';
import { validateWith } from './validate';

/** Room for the multipart envelope around an image just under the limit. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** Refuses an upload as soon as its body passes the limit, before it is buffered whole. */
const imageUpload = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE,
  onError: () => {
    throw new AppError('upload/too-large', { field: 'file' });
  },
});

/** The `file` part of a multipart upload. */
async function uploadedFile(c: Ctx): Promise<File> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError('request/invalid', { message: 'The upload is not valid form data', field: 'file' });
  }
  const file = body.file;
  if (!(file instanceof File)) {
    throw new AppError('request/invalid', { message: 'file: choose an image to upload', field: 'file' });
  }
  return file;
}

const styleBody = z.object({ appStyle: z.record(z.string(), z.unknown()) });
const settingsBody = z.object({ appSettings: z.record(z.string(), z.unknown()) });
const styleImageKind = z.enum(styleImageKinds);

/** /api/apps (spec 001 §7, docs/decisions/0003). */
export function appRoutes(changes: AppChangeBus) {
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
    return c.json(await saveApp(c.get('platform'), changes, caller, body));
  });
  // before '/:appId', which would take 'templates' for an app id
  r.get('/templates', async (c) => c.json(await listTemplates(c.get('platform'), requireCaller(c))));
  r.get('/:appId', async (c) =>
    c.json(await getApp(c.get('platform'), c.get('caller'), c.req.param('appId'))),
  );
  r.post('/:appId/publish', async (c) =>
    c.json(await publishApp(c.get('platform'), changes, requireCaller(c), c.req.param('appId'))),
  );
  r.post('/:appId/style', async (c) => {
    const caller = requireCaller(c);
    const { appStyle } = await parseBody(c, styleBody);
    return c.json(await saveStyle(c.get('platform'), changes, caller, c.req.param('appId'), appStyle));
  });
  r.post('/:appId/settings', async (c) => {
    const caller = requireCaller(c);
    const { appSettings } = await parseBody(c, settingsBody);
    return c.json(await saveSettings(c.get('platform'), changes, caller, c.req.param('appId'), appSettings));
  });
  r.post('/:appId/images', imageUpload, async (c) => {
    const caller = requireCaller(c);
    const kind = validateWith(styleImageKind, c.req.query('kind'), 'kind');
    const file = await uploadedFile(c);
    return c.json(
      await uploadStyleImage(c.get('platform'), changes, caller, c.req.param('appId'), kind, file),
    );
  });

  // tools of an app
  r.post('/:appId/tools', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, createToolRequest);
    return c.json(await createTool(c.get('platform'), changes, caller, c.req.param('appId'), body), 201);
  });
  r.post('/:appId/tools/order', async (c) => {
    const caller = requireCaller(c);
    const { toolIds } = await parseBody(c, reorderToolsRequest);
    return c.json(await reorderTools(c.get('platform'), changes, caller, c.req.param('appId'), toolIds));
  });
  r.post('/:appId/tools/fromTemplate', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, toolFromTemplateRequest);
    return c.json(
      await createToolFromTemplate(c.get('platform'), changes, caller, c.req.param('appId'), body),
      201,
    );
  });
  r.put('/:appId/tools/:toolId', async (c) => {
    const caller = requireCaller(c);
    const definition = await parseBody(c, aiAppSchema);
    const { appId, toolId } = c.req.param();
    return c.json(await putToolDefinition(c.get('platform'), changes, caller, appId, toolId, definition));
  });
  r.patch('/:appId/tools/:toolId', async (c) => {
    const caller = requireCaller(c);
    const body = await parseBody(c, updateToolMetaRequest);
    const { appId, toolId } = c.req.param();
    return c.json(await updateToolMeta(c.get('platform'), changes, caller, appId, toolId, body));
  });
  r.delete('/:appId/tools/:toolId', async (c) => {
    const { appId, toolId } = c.req.param();
    await deleteTool(c.get('platform'), changes, requireCaller(c), appId, toolId);
    return c.body(null, 204);
  });
  r.post('/:appId/tools/:toolId/status', async (c) => {
    const caller = requireCaller(c);
    const { status } = await parseBody(c, toolStatusRequest);
    const { appId, toolId } = c.req.param();
    return c.json(await setToolStatus(c.get('platform'), changes, caller, appId, toolId, status));
  });
  r.post('/:appId/tools/:toolId/image', imageUpload, async (c) => {
    const caller = requireCaller(c);
    const file = await uploadedFile(c);
    const { appId, toolId } = c.req.param();
    return c.json(await uploadToolImage(c.get('platform'), changes, caller, appId, toolId, file));
  });
  r.delete('/:appId/tools/:toolId/image', async (c) => {
    const { appId, toolId } = c.req.param();
    return c.json(await removeToolImage(c.get('platform'), changes, requireCaller(c), appId, toolId));
  });
  return r;
}

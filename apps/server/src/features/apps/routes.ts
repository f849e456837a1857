import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  aiAppSchema,
  AppError,
  createToolRequest,
  type AppBuildError,
  MAX_IMAGE_BYTES,
  newAppRequest,
  reorderToolsRequest,
  saveAppRequest,
  saveSettingsRequest,
  saveStyleRequest,
  appImageKinds,
  toolFromTemplateRequest,
  toolStatusRequest,
  updateToolMetaRequest,
  appListResponse,
  appSettingsResponse,
  appStyleResponse,
  appViewSchema,
  createToolResponse,
  newAppResponse,
  toolImageResponse,
  toolResponse,
  toolTemplatesResponse,
  toolsResponse,
  urlResponse,
} from '@buildai/domain';
import { capBodyNow } from '../../http/body-cap';
import { requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { appParams, toolParams } from '../../http/params';
import { route, validateWith } from '../../http/validation';
import type { AppChangeBus } from './app-change-bus';
import { createNewApp } from './create-app';
import { createTool } from './create-tool';
import { deleteTool } from './delete-tool';
import { getApp } from './get-app';
import { listApps } from './list-apps';
import { publishApp } from './publish-app';
import { removeToolImage } from './remove-tool-image';
import { reorderTools } from './reorder-tools';
import { saveApp } from './save-app';
import { saveSettings, type SettingsKeeper } from './save-settings';
import { saveStyle } from './save-style';
import { setToolStatus } from './set-tool-status';
import { createToolFromTemplate, listTemplates } from './templates';
import { putToolDefinition, updateToolMeta } from './update-tool';
import { uploadDataImage } from './upload-data-image';
import { uploadStyleImage } from './upload-style-image';
import { uploadToolImage } from './upload-tool-image';

/** Room for the multipart envelope around an image just under the limit. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** Refuses an upload as soon as its body passes the limit, before it is buffered whole. */
const IMAGE_UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE;
const imageTooLarge = () => new AppError('upload/too-large', { field: 'file' });

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

const imageQuery = z.object({ kind: z.enum(appImageKinds).optional() });

/** /api/apps (spec 001 §7, docs/decisions/0003). */
export function appRoutes(
  changes: AppChangeBus,
  settingsKeeper?: SettingsKeeper,
  /** a space app's build check (the runtime's): publishing refuses an app that does not build */
  checkBuild?: (appId: string) => Promise<AppBuildError[]>,
) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    { method: 'get', path: '/', response: appListResponse, summary: "The builder's apps" },
    async (c) => c.json(await listApps(c.get('platform'), requireCaller(c))),
  );
  route(
    r,
    {
      method: 'post',
      path: '/new',
      response: newAppResponse,
      summary: 'A new app',
      body: newAppRequest,
      status: 201,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      const { kind } = await body();
      return c.json(await createNewApp(c.get('platform'), caller, kind), 201);
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/',
      response: appViewSchema,
      summary: 'Saves an app and one of its tools',
      body: saveAppRequest,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      const sent = await body();
      if (!sent.app && !sent.genApp) {
        throw new AppError('request/invalid', { message: 'app or genApp is required', field: 'app' });
      }
      return c.json(await saveApp({ platform: c.get('platform'), changes, caller, input: sent }));
    },
  );
  // before '/{appId}', which would take 'templates' for an app id
  route(
    r,
    { method: 'get', path: '/templates', response: toolTemplatesResponse, summary: 'Tool templates' },
    async (c) => c.json(await listTemplates(c.get('platform'), requireCaller(c))),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}',
      response: appViewSchema,
      summary: 'An app (its owner, or anyone once published)',
      params: appParams,
    },
    async (c, { params }) => c.json(await getApp(c.get('platform'), c.get('caller'), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/publish',
      response: appViewSchema,
      summary: 'Publishes an app',
      params: appParams,
    },
    async (c, { params }) =>
      c.json(
        await publishApp({
          platform: c.get('platform'),
          changes,
          caller: requireCaller(c),
          appId: params.appId,
          ...(checkBuild ? { checkBuild } : {}),
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/style',
      response: appStyleResponse,
      summary: "An app's style",
      params: appParams,
      body: saveStyleRequest,
    },
    async (c, { params, body, sent }) => {
      const caller = requireCaller(c);
      const { appStyle: style } = await body();
      // the use-case keeps the stored value of every key the client left out
      const { appStyle } = (await sent()) as { appStyle: Record<string, unknown> };
      return c.json(
        await saveStyle({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          style,
          sent: appStyle,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/settings',
      response: appSettingsResponse,
      summary: "An app's settings",
      params: appParams,
      body: saveSettingsRequest,
    },
    async (c, { params, body, sent }) => {
      const caller = requireCaller(c);
      await body();
      const { appSettings } = (await sent()) as { appSettings: Record<string, unknown> };
      return c.json(
        await saveSettings({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          sent: appSettings,
          keeper: settingsKeeper,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/images',
      response: urlResponse,
      summary: "Uploads an app's logo or background, or an image of its database's image cells (kind=data)",
      params: appParams,
      query: imageQuery,
      upload: true,
      maxBodyBytes: 'own',
    },
    async (c, { params, query }) => {
      const caller = requireCaller(c);
      await capBodyNow(c, IMAGE_UPLOAD_MAX_BYTES, imageTooLarge);
      // required here, after the caller, as before: a missing kind names the field
      const kind = validateWith(z.enum(appImageKinds), query.kind, 'kind');
      const file = await uploadedFile(c);
      if (kind === 'data') {
        return c.json(
          await uploadDataImage({ platform: c.get('platform'), caller, appId: params.appId, file }),
        );
      }
      return c.json(
        await uploadStyleImage({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          kind,
          file,
        }),
      );
    },
  );

  // tools of an app
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools',
      response: createToolResponse,
      summary: 'A new tool of a generated app',
      params: appParams,
      body: createToolRequest,
      status: 201,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      return c.json(
        await createTool({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          input: await body(),
        }),
        201,
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools/order',
      response: toolsResponse,
      summary: "The order of an app's tools",
      params: appParams,
      body: reorderToolsRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const { toolIds } = await body();
      return c.json(
        await reorderTools({ platform: c.get('platform'), changes, caller, appId: params.appId, toolIds }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools/fromTemplate',
      response: createToolResponse,
      summary: 'A new tool from a template',
      params: appParams,
      body: toolFromTemplateRequest,
      status: 201,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      return c.json(
        await createToolFromTemplate({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          input: await body(),
        }),
        201,
      );
    },
  );
  route(
    r,
    {
      method: 'put',
      path: '/{appId}/tools/{toolId}',
      response: toolResponse,
      summary: "A tool's definition",
      params: toolParams,
      body: aiAppSchema,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const definition = await body();
      return c.json(
        await putToolDefinition({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          toolId: params.toolId,
          input: definition,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'patch',
      path: '/{appId}/tools/{toolId}',
      response: toolResponse,
      summary: "A tool's title or path",
      params: toolParams,
      body: updateToolMetaRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const sent = await body();
      return c.json(
        await updateToolMeta({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          toolId: params.toolId,
          input: sent,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/tools/{toolId}',
      summary: 'Deletes a tool',
      params: toolParams,
      status: 204,
    },
    async (c, { params }) => {
      await deleteTool({
        platform: c.get('platform'),
        changes,
        caller: requireCaller(c),
        appId: params.appId,
        toolId: params.toolId,
      });
      return c.body(null, 204);
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools/{toolId}/status',
      response: toolResponse,
      summary: 'Activates or deactivates a tool',
      params: toolParams,
      body: toolStatusRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const { status } = await body();
      return c.json(
        await setToolStatus({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          toolId: params.toolId,
          status,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools/{toolId}/image',
      response: toolImageResponse,
      summary: "Uploads a tool's image",
      params: toolParams,
      upload: true,
      maxBodyBytes: 'own',
    },
    async (c, { params }) => {
      const caller = requireCaller(c);
      await capBodyNow(c, IMAGE_UPLOAD_MAX_BYTES, imageTooLarge);
      const file = await uploadedFile(c);
      return c.json(
        await uploadToolImage({
          platform: c.get('platform'),
          changes,
          caller,
          appId: params.appId,
          toolId: params.toolId,
          file,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/tools/{toolId}/image',
      response: toolResponse,
      summary: "Removes a tool's image",
      params: toolParams,
    },
    async (c, { params }) =>
      c.json(
        await removeToolImage({
          platform: c.get('platform'),
          changes,
          caller: requireCaller(c),
          appId: params.appId,
          toolId: params.toolId,
        }),
      ),
  );
  return r;
}

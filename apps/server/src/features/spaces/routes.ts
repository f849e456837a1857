import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  stopTurnResponse,
  AppError,
  appFilePathSchema,
  CHAT_BODY_MAX_BYTES,
  chatRequest,
  ratingRequest,
  resourceIdSchema,
  restoreVersionRequest,
  saveAppFileRequest,
  appFileResponse,
  appFilesResponse,
  chatMessagesResponse,
  okResponse,
  ratingResponse,
  versionFilesResponse,
  versionsResponse,
} from '@buildai/domain';
import { requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import type { BuildCheck } from './file-tools';
import type { TurnValidation } from './record-turn';
import type { RecordValidator } from '../entities';
import type { AppChangeBus } from '../apps';
import { deleteFile } from './delete-file';
import { getVersion } from './get-version';
import { listFiles } from './list-files';
import { listMessages } from './list-messages';
import { listVersions } from './list-versions';
import { rateMessage } from './rate-message';
import { restoreVersion } from './restore-version';
import { saveFile } from './save-file';
import { sendChatMessage } from './send-chat-message';
import { stopTurn } from './stop-turn';

const versionParams = z.object({ appId: resourceIdSchema, versionId: resourceIdSchema });
const fileParams = z.object({ appId: resourceIdSchema, path: appFilePathSchema });
/** A file's content may be 400,000 characters of multi-byte text, in JSON. */
const FILE_BODY_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The app id and the file path of `/{appId}/files/{path}`: the path may hold `/` as it is or URL-encoded, so Hono
 * matches the rest of the URL and it is decoded and checked here (a bad one answers 400 `space/path-invalid`).
 */
function fileTarget(c: Ctx): { appId: string; path: string } {
  const appId = c.req.param('appId') ?? '';
  if (!resourceIdSchema.safeParse(appId).success) throw new AppError('not-found');
  const pathname = new URL(c.req.url).pathname;
  const marker = `/${appId}/files/`;
  const raw = pathname.slice(pathname.indexOf(marker) + marker.length);
  try {
    return { appId, path: decodeURIComponent(raw) };
  } catch {
    throw new AppError('space/path-invalid', {
      message: 'The file path is not valid URL encoding',
      field: 'path',
    });
  }
}

export interface SpaceRoutesOptions {
  /** the server's `recordValidator` service: checks the records the chat's model inserts */
  validator: RecordValidator;
  changes: AppChangeBus;
  /** the build check of a turn's files (the runtime's bundler) */
  checkBuild?: BuildCheck;
  /** the detectors run at a turn's end (decision 0013, "The chat's gate"); off when not given */
  validate?: TurnValidation;
}

/** The space app's files, versions, chat and ratings under /api/apps (issue 18, decision 0007). */
export function spaceRoutes({ validator, changes, checkBuild, validate }: SpaceRoutesOptions) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/files',
      response: appFilesResponse,
      summary: "A space app's files",
      params: appParams,
    },
    async (c, { params }) => c.json(await listFiles(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'put',
      path: '/{appId}/files/{path}',
      response: appFileResponse,
      honoPath: '/:appId/files/*',
      summary: 'Saves a file of a space app (admins)',
      params: fileParams,
      body: saveAppFileRequest,
      maxBodyBytes: FILE_BODY_MAX_BYTES,
    },
    async (c, { body }) => {
      const caller = requireCaller(c);
      const { appId, path } = fileTarget(c);
      const content = async () => (await body()).content;
      const announce = (id: string) => void changes.announce(id);
      return c.json(
        await saveFile({ platform: c.get('platform'), caller, appId, path, content, changes: announce }),
      );
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/files/{path}',
      response: okResponse,
      honoPath: '/:appId/files/*',
      summary: 'Deletes a file of a space app (admins)',
      params: fileParams,
    },
    async (c) => {
      const caller = requireCaller(c);
      const { appId, path } = fileTarget(c);
      return c.json(await deleteFile({ platform: c.get('platform'), caller, appId, path }));
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/versions',
      response: versionsResponse,
      summary: "A space app's versions, newest first",
      params: appParams,
    },
    async (c, { params }) => c.json(await listVersions(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/versions/{versionId}',
      response: versionFilesResponse,
      summary: 'A version and its files',
      params: versionParams,
    },
    async (c, { params }) =>
      c.json(
        await getVersion({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          versionId: params.versionId,
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/versions/{versionId}/restore',
      response: chatMessagesResponse,
      summary: 'Restores a version: its files, and the chat up to the message that made it',
      params: versionParams,
      body: restoreVersionRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      return c.json(await restoreVersion({ platform: c.get('platform'), caller, ...params, body, changes }));
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/chat/messages',
      response: chatMessagesResponse,
      summary: "A space app's chat",
      params: appParams,
    },
    async (c, { params }) => c.json(await listMessages(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/chat',
      summary: 'Sends a chat message; answers the AI SDK UI message stream',
      params: appParams,
      body: chatRequest,
      // a message may carry images (screenshots, designs) in base64
      maxBodyBytes: CHAT_BODY_MAX_BYTES,
      produces: 'text/event-stream',
    },
    async (c, { params, body }) =>
      sendChatMessage({
        platform: c.get('platform'),
        caller: requireCaller(c),
        appId: params.appId,
        validator,
        ...(checkBuild ? { checkBuild } : {}),
        ...(validate ? { validate } : {}),
        body,
        changes,
      }),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/chat/stop',
      summary: "Stops the chat's running turn; what was complete is kept",
      params: appParams,
      response: stopTurnResponse,
    },
    async (c, { params }) => c.json(await stopTurn(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/rating',
      response: ratingResponse,
      summary: 'Rates an assistant message',
      params: appParams,
      body: ratingRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const platform = c.get('platform');
      return c.json(await rateMessage({ platform, caller, appId: params.appId, request: () => body() }));
    },
  );
  return r;
}

import { OpenAPIHono } from '@hono/zod-openapi';
import {
  assistantMessagesQuery,
  assistantRequest,
  chatActivateRequest,
  chatCompletionsRequest,
  assistantInfoResponse,
  assistantMessagesResponse,
  chatActivateResponse,
  chatCompletionResponse,
} from '@buildai/domain';
import { requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { accountUser, cookieUser, isAppUser, resolveEndUser } from '../../http/end-user';
import { appParams } from '../../http/params';
import { answered, route } from '../../http/validation';
import { authenticateKey, bearerOf } from '../api-keys';
import type { AppChangeBus } from '../apps';
import type { PublishedTools, RunAdmissions } from '../runtime';
import { activateChat } from './activate-chat';
import { chatCompletions } from './chat-completions';
import { getAssistantInfo, listAssistantMessages } from './list-messages';
import { sendAssistantMessage } from './send-message';

export interface AssistantServices {
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  changes: AppChangeBus;
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

/** The caller as an end user of the app, without issuing a visitor id (reading history needs none). */
function knownEndUser(c: Ctx, appId: string) {
  const caller = c.get('caller');
  return isAppUser(caller, appId) ? accountUser(caller) : cookieUser(c);
}

/** /api/apps/{appId}/chat/activate and the end user's assistant (spec 001 §2, §3; decision 0010). */
export function assistantRoutes(services: AssistantServices) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/chat/activate',
      response: chatActivateResponse,
      summary: "Turns the app's chat assistant on or off (creates its chat app the first time)",
      params: appParams,
      body: chatActivateRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const { isActive } = await body();
      return c.json(
        await activateChat({
          platform: c.get('platform'),
          changes: services.changes,
          caller,
          appId: params.appId,
          isActive,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/assistant/info',
      response: assistantInfoResponse,
      summary: "What an end user's chat page and the widget show of the app's assistant",
      params: appParams,
    },
    async (c, { params }) => c.json(await getAssistantInfo(c.get('platform'), c.get('caller'), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/assistant',
      summary: "A message to the app's assistant (AI SDK UI message stream)",
      params: appParams,
      body: assistantRequest,
      produces: 'text/event-stream',
    },
    async (c, { params, body }) => {
      const { stream, runId, conversationId } = await sendAssistantMessage({
        platform: c.get('platform'),
        publishedTools: services.publishedTools,
        admissions: services.admissions,
        caller: c.get('caller'),
        appId: params.appId,
        user: () => resolveEndUser(c, params.appId),
        body,
      });
      return c.body(stream, 200, {
        ...STREAM_HEADERS,
        'X-Vercel-AI-UI-Message-Stream': 'v1',
        'X-Run-Id': runId,
        'X-Conversation-Id': conversationId,
      });
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/assistant/messages',
      response: assistantMessagesResponse,
      summary: "The caller's own conversation with the app's assistant",
      params: appParams,
      query: assistantMessagesQuery,
    },
    async (c, { params, query }) =>
      c.json(
        await listAssistantMessages({
          platform: c.get('platform'),
          caller: c.get('caller'),
          appId: params.appId,
          user: knownEndUser(c, params.appId),
          ...(query.conversationId ? { conversationId: query.conversationId } : {}),
        }),
      ),
  );
  return r;
}

/** /api/v1/chat/completions: OpenAI-compatible chat with an app's assistant, by the app's API key. */
export function openAiCompatibleRoutes(services: Omit<AssistantServices, 'changes'>) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/chat/completions',
      summary: "OpenAI-compatible chat completions answered by the API key's app assistant",
      body: chatCompletionsRequest,
      response: chatCompletionResponse,
      produces: 'text/event-stream',
      auth: 'apiKey',
    },
    async (c, { body }) => {
      const platform = c.get('platform');
      const key = await authenticateKey({ platform, token: bearerOf(c) });
      const answer = await chatCompletions({
        platform,
        publishedTools: services.publishedTools,
        admissions: services.admissions,
        key,
        body: await body(),
        signal: c.req.raw.signal,
      });
      // the OpenAI SDK's shapes, made by the use-case: the HTTP tests check them
      if ('json' in answer) return answered(chatCompletionResponse, c.json(answer.json));
      return answered(chatCompletionResponse, c.body(answer.stream, 200, STREAM_HEADERS));
    },
  );
  return r;
}

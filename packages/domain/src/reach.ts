import { z } from 'zod';
import type { UsageRecord } from './run-events';
import { resourceIdSchema } from './edge';
import type { Citation, WidgetSettings } from './assistant-settings';
import type { LogRating } from './logs';

/**
 * The end-user chat assistant, the embeddable widget, API keys, the REST API, MCP and OpenAI-compatible access
 * (issue "Reach beyond the page"; spec 001 §2, §3, §4, §7, §8). Decision 0010 records the choices.
 */

// ---- the spec's messages (spec 001 §2, §5, §7, §8), verbatim ---------------------------------------------------

export const chatMessages = {
  activateTitle: 'Activate Your Chat Assistant',
  activated: 'Chat assistant activated successfully',
  deactivated: 'Chat assistant deactivated successfully',
  activateFailed: 'Failed to activate chat assistant',
  deactivateFailed: 'Failed to deactivate chat assistant',
} as const;

/** spec 001 §5: a call naming a tool path no tool of the app has. */
export const toolPathNotFoundMessage = (path: string) => `Tool with path ${path} not found`;

// ---- chat settings and activation -------------------------------------------------------------------------------

export const chatStatuses = ['active', 'draft'] as const;
export type ChatStatus = (typeof chatStatuses)[number];

/**
 * spec 001 §3 "Chat settings": set by the server only (`POST …/chat/activate`), a settings save cannot change them.
 * `chatAppId` names the chat app (app type `chat`, child of this app) that holds the assistant's data sources; null
 * until the assistant is first activated.
 */
export const chatSettingsSchema = z.object({
  chatAppId: z.string().nullable(),
  status: z.enum(chatStatuses),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { chatAppId: null, status: 'draft' };

/** `POST /api/apps/{appId}/chat/activate` */
export const chatActivateRequest = z.object({ isActive: z.boolean() });
export interface ChatActivateResponse {
  isActive: boolean;
  chatAppId: string;
}

/** The app type of an assistant's own app: its menu has only Data sources (spec 001 §2). */
export const CHAT_APP_TYPE = 'chat' as const;

// ---- the widget ---------------------------------------------------------------------------------------------------

/** At most this many site origins may embed an app's widget (`chatEmbedOrigins`). */
export const MAX_EMBED_ORIGINS = 20;
/** `https://example.com` or `http://localhost:3000`: a scheme, a host and a port, nothing else. */
export const EMBED_ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;
export const embedOriginMessage = 'Enter a site origin such as https://example.com';

/** What a builder may paste as a site origin, made into the bare origin kept (`https://Example.com/page` → `https://example.com`). */
export function normaliseEmbedOrigin(raw: string): string {
  const trimmed = raw.trim().toLowerCase().replace(/\/+$/, '');
  const m = /^(https?:\/\/[^/?#]+)/.exec(trimmed);
  return m ? m[1]! : trimmed;
}
export const embedOriginSchema = z
  .string()
  .max(300)
  .transform(normaliseEmbedOrigin)
  .pipe(z.string().regex(EMBED_ORIGIN_PATTERN, embedOriginMessage));

/** The snippet a builder pastes into their site (the script adds the chat bubble). */
export function embedSnippet(publicUrl: string, appId: string): string {
  return `<script src="${publicUrl.replace(/\/+$/, '')}/embed.js" data-app="${appId}" async></script>`;
}

// ---- the assistant's conversation ---------------------------------------------------------------------------------

/** The longest message an end user may send the assistant. */
export const ASSISTANT_MESSAGE_MAX_CHARS = 4000;
/** How many earlier messages of the conversation go to the model with a new one. */
export const ASSISTANT_HISTORY_MESSAGES = 20;
/** A conversation id: chosen by the client (the AI SDK's chat id), unique per end user of an app. */
export const conversationIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A conversation id has 8 to 64 letters, numbers, dashes and underscores');

/** Where a run or an assistant turn came from: the analytics show runs by source. */
export const runSources = ['web', 'widget', 'api', 'mcp'] as const;
export type RunSource = (typeof runSources)[number];

/**
 * `POST /api/apps/{appId}/assistant`: one new user message; the answer is the AI SDK UI message stream.
 * `retry` replaces the conversation's last answer (the message must repeat the last user message).
 * `source` is what the page says it is (`widget` inside the embedded frame), for the analytics only.
 */
export const assistantRequest = z.object({
  message: z.string().trim().min(1, 'Write a message first').max(ASSISTANT_MESSAGE_MAX_CHARS),
  conversationId: conversationIdSchema.optional(),
  retry: z.boolean().optional(),
  source: z.enum(['web', 'widget']).optional(),
});
export type AssistantRequest = z.input<typeof assistantRequest>;

/** `GET /api/apps/{appId}/assistant/messages?conversationId=` (without it: the caller's latest conversation). */
export const assistantMessagesQuery = z.object({ conversationId: conversationIdSchema.optional() });

/** The metadata of an assistant's UI message (AI SDK `messageMetadata`): spec 001 §3's annotations, renamed. */
export interface AssistantMessageMetadata {
  conversationId: string;
  runId?: string;
  createdAt?: string;
  usage?: UsageRecord | null;
  /** the data items the answer drew on, with the passages the model read (decision 0017) */
  citations?: Citation[]; /** the end user's thumb on the answer, when they gave one (in the stored conversation, decision 0018) */
  rating?: LogRating;
}
/** A stored message as the AI SDK's UI message: id, role and parts (text, tool-*, source-*), typed metadata. */
export interface AssistantUIMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: Array<{ type: string; [key: string]: unknown }>;
  metadata?: AssistantMessageMetadata;
}
export interface AssistantMessagesResponse {
  conversationId: string | null;
  messages: AssistantUIMessage[];
}

/** What an end user's page needs to show the assistant: in `GET /api/apps/{appId}/assistant/info`. */
export interface AssistantInfo {
  appId: string;
  header: string;
  description: string;
  welcomeMessage: string;
  /** questions the end user can send with one click before the conversation starts */
  starters: string[];
  /** the app's colours and logo, for the page and the widget's bubble */
  appStyle: { primaryColor: string; logoUrl: string; backgroundColor: string };
  /** the widget's look, its colour resolved (the builder's, else the app's primary colour) */
  widget: WidgetSettings;
}

// ---- API keys -------------------------------------------------------------------------------------------------------

/** Every key starts with this, so secret scanners can recognise a leaked key. */
export const API_KEY_PREFIX = 'bai_sk_';
/** How much of a key the list shows (`bai_sk_` and the first characters after it). */
export const API_KEY_SHOWN_CHARS = 12;
export const API_KEY_NAME_MAX = 60;
/** At most this many live keys per app. */
export const MAX_API_KEYS_PER_APP = 20;

export const apiKeyCreateRequest = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(API_KEY_NAME_MAX),
});
export const apiKeyParams = z.object({ appId: resourceIdSchema, keyId: resourceIdSchema });

/** `POST /api/apps/{appId}/api-keys`: the key itself is in this answer only. */
export interface ApiKeyCreated {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}
/** `GET /api/apps/{appId}/api-keys`: live keys, newest first, without the keys. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface ApiKeysResponse {
  apiKeys: ApiKeyView[];
}

// ---- the REST API and OpenAI-compatible chat ---------------------------------------------------------------------------

/** `POST /api/v1/apps/{appId}/tools/{toolPath}/run` */
export const apiRunRequest = z.object({
  inputs: z
    .record(z.string(), z.union([z.string(), z.array(z.string()), z.number(), z.boolean()]))
    .default({}),
  stream: z.boolean().optional(),
});
export interface ApiRunResponse {
  runId: string;
  output: string;
  usage: UsageRecord | null;
}

/** `POST /api/v1/chat/completions`: the OpenAI chat-completions body, as far as an app's assistant uses it. */
export const chatCompletionsRequest = z
  .object({
    model: z.string().max(200).optional(),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['system', 'user', 'assistant', 'developer', 'tool']),
            content: z.union([
              z.string(),
              z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
              z.null(),
            ]),
          })
          .passthrough(),
      )
      .min(1),
    stream: z.boolean().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().optional(),
  })
  .passthrough();

import { z } from 'zod';
import { citationSchema } from './assistant-settings';
import { aiAppSchema, appTypeSchema, customFieldSchema, toolStatusSchema } from './apps';
import { appSettingsSchema, appStyleSchema, styleNames } from './builder';
import { contextItemSources, contextItemStatuses, contextItemTypes } from './context';
import { paidMembershipsProductSchema, paidMembershipsSettingsSchema } from './money';
import { planCardSchema } from './plans';
import { chatStatuses, runSources } from './reach';
import { usageRecordSchema } from './run-events';
import { appFileSchema, messageRatingSchema } from './space-apps';

/**
 * The bodies of the API's JSON answers that have no schema of their own beside their requests (architecture §11,
 * "A route"; docs/decisions/0020-api-contract.md). A route names its answer with `response:`; the server's
 * `route()` checks at compile time that what the handler sends has this shape, and the OpenAPI document
 * (`GET /api/openapi.json`) describes it from here. The TypeScript interfaces beside the requests stay what the
 * server's use-cases return; these schemas are their wire form.
 */

// ---- shared pieces -------------------------------------------------------------------------------------------------

const isoTime = z.string().meta({ format: 'date-time' });
const jsonObject = z.record(z.string(), z.unknown());

export const sentResponse = z.object({ sent: z.boolean() });
export const okResponse = z.object({ ok: z.boolean() });
export const emailResponse = z.object({ email: z.string() });
export const contextItemIdResponse = z.object({ contextItemId: z.string() });
export const urlResponse = z.object({ url: z.string() });

// ---- identity and accounts (spec 000) --------------------------------------------------------------------------------

/** `{ idToken, expiresIn }`: a new session (the refresh token is in its HttpOnly cookie). */
export const tokenResponse = z.object({
  idToken: z.string(),
  expiresIn: z.number().int().meta({ description: 'seconds until the id token expires' }),
});
export const verifyEmailResponse = z.object({ email: z.string(), emailVerified: z.boolean() });
export const authBrandingSchema = z.object({
  header: z.string(),
  logoUrl: z.string(),
  styleName: z.enum(styleNames),
  backgroundColor: z.string(),
  headerTextColor: z.string(),
  subheaderTextColor: z.string(),
  buttonTextColor: z.string(),
  buttonBackgroundColor: z.string(),
});
export const authConfigResponse = z.object({
  tenantId: z.string(),
  appId: z.string().nullable(),
  appName: z.string().nullable(),
  signUpEnabled: z.boolean(),
  googleEnabled: z.boolean(),
  branding: authBrandingSchema.nullable(),
  termsOfServiceLink: z.string(),
  privacyPolicyLink: z.string(),
  supportEmail: z.string(),
});
export const accountCreatedResponse = z.object({ accountId: z.string() });
export const otpTokensResponse = z.object({ customToken: z.string(), tenantId: z.string() });
export const userMemoryResponse = z.object({
  appId: z.string(),
  values: jsonObject,
  updatedAt: isoTime.nullable(),
});
export const paidPlansResponse = z.array(planCardSchema).readonly();

// ---- apps and tools (spec 001 §7) ------------------------------------------------------------------------------------

export const appListItemSchema = z.object({
  appId: z.string(),
  appType: appTypeSchema,
  header: z.string(),
  isPublished: z.boolean(),
  updatedAt: isoTime,
  toolCount: z.number().int(),
  isCollaborator: z.boolean().optional(),
});
export const appListResponse = z.object({ apps: z.array(appListItemSchema) });
export const newAppResponse = z.object({
  appId: z.string(),
  appType: appTypeSchema,
  toolId: z.string().nullable(),
  path: z.string().nullable(),
});
/** A tool's definition as it is read: public readers get it without the prompt. */
export const aiAppView = aiAppSchema.omit({ gptPrompt: true }).extend({ gptPrompt: z.string().optional() });
export const toolSummarySchema = z.object({
  toolId: z.string(),
  title: z.string(),
  path: z.string(),
  status: toolStatusSchema,
  imageUrl: z.string().nullable(),
  app: aiAppView,
});
export const toolResponse = z.object({ tool: toolSummarySchema });
export const toolsResponse = z.object({ tools: z.array(toolSummarySchema) });
export const createToolResponse = z.object({ toolId: z.string(), path: z.string() });
export const appStyleResponse = z.object({ appStyle: appStyleSchema });
/** the owner gets every setting (the Gumroad token never: only whether one is kept) */
export const appSettingsResponse = z.object({ appSettings: appSettingsSchema.partial() });
export const appViewSchema = z.object({
  appId: z.string(),
  appType: z.union([appTypeSchema, z.literal('chat')]),
  parentAppId: z.string().optional(),
  header: z.string(),
  description: z.string(),
  isPublished: z.boolean(),
  publishedAt: isoTime.nullable(),
  updatedAt: isoTime,
  isOwner: z.boolean(),
  isCollaborator: z.boolean().optional(),
  tools: z.array(toolSummarySchema),
  appStyle: appStyleSchema,
  appSettings: appSettingsSchema.partial(),
  spaceApp: z.object({ appOrigin: z.string(), documentUrl: z.string().nullable() }).optional(),
});
export const toolImageResponse = z.object({ imageUrl: z.string() });
export const toolTemplatesResponse = z.array(
  z.object({
    appId: z.string(),
    header: z.string(),
    description: z.string(),
    templateCategory: z.string(),
    templateImageUrl: z.string(),
    templateDescription: z.string(),
    isProTool: z.boolean(),
    tools: z.array(
      z.object({ toolId: z.string(), title: z.string(), path: z.string(), imageUrl: z.string().nullable() }),
    ),
  }),
);
export const appTemplatesResponse = z.array(
  z.object({
    appId: z.string(),
    appType: appTypeSchema,
    header: z.string(),
    description: z.string(),
    logoUrl: z.string(),
    toolCount: z.number().int(),
    entityCount: z.number().int(),
  }),
);
export const runResultResponse = z.object({
  runId: z.string(),
  toolId: z.string(),
  toolPath: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  output: z.string(),
  createdAt: isoTime,
  inputs: jsonObject,
  citations: z.array(citationSchema),
  yours: z.boolean(),
  rating: z.enum(['up', 'down']).nullable(),
});

const analyticsFigures = {
  runs: z.number().int(),
  users: z.number().int(),
  tokens: z.number().int(),
  credits: z.number().optional(),
};
const analyticsDay = z.object({ date: z.string().meta({ format: 'date' }), ...analyticsFigures });
export const appAnalyticsResponse = z.object({
  appId: z.string(),
  header: z.string(),
  isPublished: z.boolean(),
  from: z.string(),
  to: z.string(),
  totals: z.object(analyticsFigures),
  days: z.array(analyticsDay),
  tools: z.array(
    z.object({
      toolId: z.string(),
      title: z.string(),
      path: z.string(),
      ...analyticsFigures,
      days: z.array(analyticsDay),
    }),
  ),
  sources: z.array(z.object({ source: z.enum(runSources), ...analyticsFigures, credits: z.number() })),
});
export const magicCreateResponse = z.object({
  result: z.object({ name: z.string(), field: customFieldSchema }),
});
export const modelsResponse = z.object({
  defaultModel: z.string(),
  models: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      promptRate: z.number().nullable(),
      completionRate: z.number().nullable(),
    }),
  ),
  vectorSearch: z.object({ on: z.boolean(), reason: z.string().nullable() }),
});

// ---- context and data sources (spec 000 §3) ----------------------------------------------------------------------------

export const contextItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  createdAt: isoTime,
  lastSyncedAt: isoTime.nullable(),
  type: z.enum(contextItemTypes),
  source: z.enum(contextItemSources),
  status: z.enum(contextItemStatuses),
  numOfChunks: z.number().int(),
  externalFileUrl: z.string().nullable(),
  externalFileId: z.string().nullable(),
  providerItemId: z.string().nullable(),
  provider: z.string().nullable(),
  originalContextItemId: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export const contextItemsResponse = z.object({
  contextItems: z.array(contextItemSchema),
  hasReachedDataLimit: z.boolean(),
});
export const contextItemIdsResponse = z.object({ contextItemIds: z.array(z.string()) });
export const carbonTokensResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number(),
  providers: z.object({ notion: z.boolean(), googleDrive: z.boolean() }),
});
const connectionStatus = z.object({ configured: z.boolean(), connected: z.boolean() });
export const connectionsResponse = z.object({ notion: connectionStatus, googleDrive: connectionStatus });
export const providerItemsResponse = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      source: z.enum(contextItemSources),
      type: z.enum(contextItemTypes),
      providerItemId: z.string(),
      provider: z.string(),
      externalFileId: z.string().optional(),
      externalFileUrl: z.string().optional(),
    }),
  ),
});

// ---- money, claims, collaborators (spec 000 §4, spec 001 §2) ---------------------------------------------------------

export const membershipStatusResponse = z.object({
  required: z.boolean(),
  isMember: z.boolean(),
  plan: planCardSchema.nullable(),
  appName: z.string(),
});
export const paymentProductsResponse = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      priceCents: z.number().int(),
      yearlyPriceCents: z.number().int().nullable(),
      isSubscription: z.boolean(),
      currency: z.string(),
    }),
  ),
});
export const connectPaymentsResponse = z.object({
  paidMembershipsProduct: paidMembershipsProductSchema,
  paidMembershipsSettings: paidMembershipsSettingsSchema,
});
export const claimInvitationResponse = z.object({ inviteLink: z.string(), claimCode: z.string() });
export const claimInvitationInfoResponse = z.object({
  appId: z.string(),
  appHeader: z.string(),
  logoUrl: z.string(),
  status: z.enum(['open', 'used', 'dead']),
  requireBuilderCollaboratorAccount: z.boolean(),
});
export const appIdResponse = z.object({ appId: z.string() });
export const collaboratorsResponse = z.object({
  owner: z.object({ accountId: z.string(), email: z.string() }),
  collaborators: z.array(z.object({ accountId: z.string(), email: z.string(), addedAt: isoTime })),
  invited: z.string().optional(),
});

// ---- reach: assistant, API keys (decision 0010) -------------------------------------------------------------------------

export const chatActivateResponse = z.object({ isActive: z.boolean(), chatAppId: z.string() });
export const chatSettingsView = z.object({ chatAppId: z.string().nullable(), status: z.enum(chatStatuses) });
export const assistantInfoResponse = z.object({
  appId: z.string(),
  header: z.string(),
  description: z.string(),
  welcomeMessage: z.string(),
  appStyle: z.object({ primaryColor: z.string(), logoUrl: z.string(), backgroundColor: z.string() }),
});
export const assistantMessagesResponse = z.object({
  conversationId: z.string().nullable(),
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['user', 'assistant']),
      parts: z.array(z.looseObject({ type: z.string() })),
      metadata: z
        .object({
          conversationId: z.string(),
          runId: z.string().optional(),
          createdAt: isoTime.optional(),
          usage: usageRecordSchema.nullable().optional(),
        })
        .optional(),
    }),
  ),
});
/** `POST /api/v1/chat/completions` without `stream`: OpenAI's `chat.completion` object. */
export const chatCompletionResponse = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number().int(),
      message: z.looseObject({ role: z.literal('assistant'), content: z.string() }),
      finish_reason: z.string().nullable(),
    }),
  ),
});
export const apiKeyCreatedResponse = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  prefix: z.string(),
  createdAt: isoTime,
});
export const apiKeysResponse = z.object({
  apiKeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      createdAt: isoTime,
      lastUsedAt: isoTime.nullable(),
    }),
  ),
});
/** `POST /api/v1/apps/{appId}/tools/{toolPath}/run` without `stream`. */
export const apiRunResponse = z.object({
  runId: z.string(),
  output: z.string(),
  usage: usageRecordSchema.nullable(),
});

// ---- space apps (decision 0007) -----------------------------------------------------------------------------------------

export const appFileResponse = z.object({ file: appFileSchema });
export const ratingResponse = z.object({ ok: z.boolean(), rating: messageRatingSchema });
/** `POST /api/apps/{appId}/chat/stop`: whether a running turn was stopped (false: none was running) */
export const stopTurnResponse = z.object({ stopped: z.boolean() });

/** `POST /mcp/{appId}`: a JSON-RPC answer of MCP (Streamable HTTP, stateless). */
export const mcpResponse = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: jsonObject.optional(),
  error: z.looseObject({ code: z.number().int(), message: z.string() }).optional(),
});

// ---- the platform ---------------------------------------------------------------------------------------------------------

export const healthResponse = z.object({
  status: z.literal('ok'),
  adapters: z.object({
    db: z.string(),
    jobs: z.string(),
    events: z.string(),
    blobs: z.string(),
    mail: z.string(),
    limits: z.string(),
    ai: z.string(),
    models: z.string(),
  }),
});
export const devMailResponse = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    meta: jsonObject.nullable(),
    createdAt: isoTime,
    sentAt: isoTime.nullable(),
  }),
);
/** `POST /api/dev/clock` (outside production): the moved clock's time, and how many runs its retention round erased. */
export const devClockResponse = z.object({ now: isoTime, erased: z.number().int() });
/** `GET /api/openapi.json`: the OpenAPI 3.1 document itself. */
export const openApiDocumentResponse = z.looseObject({
  openapi: z.string(),
  info: jsonObject,
  paths: jsonObject,
});

const retrievalMethod = z.enum(['fulltext', 'vector', 'hybrid']);
/** `POST /api/context/test-retrieval` (decision 0017): each retrieval method's passages for a question */
export const testRetrievalResponse = z.object({
  query: z.string(),
  appMethod: retrievalMethod,
  results: z.array(
    z.object({
      method: retrievalMethod,
      available: z.boolean(),
      reason: z.string().nullable(),
      passages: z.array(
        z.object({
          itemId: z.string(),
          itemName: z.string(),
          chunkId: z.string(),
          content: z.string(),
          score: z.number(),
        }),
      ),
    }),
  ),
});

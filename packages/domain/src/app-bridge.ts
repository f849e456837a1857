import { z } from 'zod';
import { FRAME_SOURCE, MAX_APP_BRIDGE_REQUEST_CHARS, SHELL_SOURCE, appAuthOps } from './app-bridge-protocol';
import { MAX_BULK_RECORDS, MAX_RECORDS_LIMIT, appUserRoleSchema, entityNameSchema } from './entities';

/**
 * The data bridge of a space app (issue "The app database", architecture §7; docs/decisions/0008-app-database.md "The data
 * bridge"): generated code calls `entities.Task.list()` or `auth.me()` in its sandboxed frame, which holds no token;
 * the frame posts a request to the shell (the product page around it), the shell checks the sender and this shape,
 * makes the call with the visitor's own session and posts the answer back. The frame's other messages (loaded, error,
 * navigate) are `appFrameMessageSchema`; these are the requests and replies beside them.
 */

const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const recordId = z.string().min(1).max(100);
const fields = z.record(z.string().max(200), z.unknown());

const dataBase = {
  source: z.literal(FRAME_SOURCE),
  type: z.literal('data'),
  id: requestId,
  entity: entityNameSchema,
};

/** `{source, type:'data', id, op, entity, args}`: one call of `entities.{entity}.{op}(…)`. */
export const appDataRequestSchema = z.discriminatedUnion('op', [
  z.object({
    ...dataBase,
    op: z.literal('list'),
    args: z.strictObject({
      limit: z.number().int().min(1).max(MAX_RECORDS_LIMIT).optional(),
      cursor: z.string().min(1).max(200).optional(),
    }),
  }),
  z.object({ ...dataBase, op: z.literal('get'), args: z.strictObject({ id: recordId }) }),
  z.object({ ...dataBase, op: z.literal('create'), args: z.strictObject({ fields }) }),
  z.object({ ...dataBase, op: z.literal('update'), args: z.strictObject({ id: recordId, fields }) }),
  z.object({ ...dataBase, op: z.literal('delete'), args: z.strictObject({ id: recordId }) }),
  z.object({
    ...dataBase,
    op: z.literal('bulkCreate'),
    args: z.strictObject({ records: z.array(fields).min(1).max(MAX_BULK_RECORDS) }),
  }),
]);
export type AppDataRequest = z.infer<typeof appDataRequestSchema>;

/** `{source, type:'auth', id, op}`: one call of `auth.{op}()`. */
export const appAuthRequestSchema = z.object({
  source: z.literal(FRAME_SOURCE),
  type: z.literal('auth'),
  id: requestId,
  op: z.enum(appAuthOps),
});
export type AppAuthRequest = z.infer<typeof appAuthRequestSchema>;

/** `{source, type:'function', id, name, input}`: one call of `functions.invoke(name, input)` (decision 0014). */
export const appFunctionRequestSchema = z.object({
  source: z.literal(FRAME_SOURCE),
  type: z.literal('function'),
  id: requestId,
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/),
  input: z.unknown(),
});
export type AppFunctionRequest = z.infer<typeof appFunctionRequestSchema>;

/** A request of the frame: checked whole, and no larger than MAX_APP_BRIDGE_REQUEST_CHARS as JSON. */
export const appBridgeRequestSchema = z
  .union([appDataRequestSchema, appAuthRequestSchema, appFunctionRequestSchema])
  .superRefine((request, ctx) => {
    if (request.type === 'function') {
      let size = Infinity;
      try {
        size = JSON.stringify(request.input ?? null).length;
      } catch {
        // a cycle or a BigInt
      }
      if (size > MAX_APP_BRIDGE_REQUEST_CHARS)
        ctx.addIssue({
          code: 'custom',
          message: `A request is at most ${MAX_APP_BRIDGE_REQUEST_CHARS} characters`,
        });
      return;
    }
    if (
      request.type !== 'data' ||
      (request.op !== 'create' && request.op !== 'update' && request.op !== 'bulkCreate')
    )
      return;
    let size = Infinity;
    try {
      size = JSON.stringify(request.args).length;
    } catch {
      // a cycle or a BigInt: not something the server could take either
    }
    if (size > MAX_APP_BRIDGE_REQUEST_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `A request is at most ${MAX_APP_BRIDGE_REQUEST_CHARS} characters`,
      });
    }
  });
export type AppBridgeRequest = z.infer<typeof appBridgeRequestSchema>;

/** Why a call failed, as generated code sees it (`error.code`, `error.status`, the message). */
export const appBridgeErrorSchema = z.object({
  code: z.string().max(100),
  message: z.string().max(2000),
  /** the server's HTTP status; 0 when the call never reached it (the network, a refused request) */
  status: z.number().int(),
});
export type AppBridgeError = z.infer<typeof appBridgeErrorSchema>;

/** The shell's answer to one request, matched by `id`. */
export const appBridgeReplySchema = z.discriminatedUnion('ok', [
  z.object({
    source: z.literal(SHELL_SOURCE),
    type: z.literal('reply'),
    id: requestId,
    ok: z.literal(true),
    result: z.unknown(),
  }),
  z.object({
    source: z.literal(SHELL_SOURCE),
    type: z.literal('reply'),
    id: requestId,
    ok: z.literal(false),
    error: appBridgeErrorSchema,
  }),
]);
export type AppBridgeReply = z.infer<typeof appBridgeReplySchema>;

/** The app's signed-in end user as `auth.me()` answers it; the owner builder is the app's `admin`. */
export const appEndUserSchema = z.object({ id: z.string(), email: z.string(), role: appUserRoleSchema });
export type AppEndUser = z.infer<typeof appEndUserSchema>;

/** GET /api/apps/{appId}/me: who the caller is to this app; null for anonymous (no token, or another tenant's). */
export const appMeResponse = z.object({ user: appEndUserSchema.nullable() });
export type AppMeResponse = z.infer<typeof appMeResponse>;

/** What `auth.signIn()` / `signUp()` / `signOut()` answer: whether the page goes to the app's sign-in now. */
export const appAuthActionResultSchema = z.object({
  /** the visitor is being taken to the sign-in page (the frame is about to go away) */
  redirecting: z.boolean(),
  /** why nothing happened, e.g. in the builder's preview */
  notice: z.string().optional(),
});
export type AppAuthActionResult = z.infer<typeof appAuthActionResultSchema>;

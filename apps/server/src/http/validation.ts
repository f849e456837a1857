import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { z } from 'zod';
import { AppError, JSON_BODY_MAX_BYTES, UNKNOWN_ID_MESSAGE } from '@buildai/domain';
import type { AppEnv, Ctx } from './context';
import { capBody } from './body-cap';
import { cleanJson } from './clean-json';

/**
 * The one validation path of the API (docs/decisions/0005): every route is declared with `route()`, naming its
 * params, query and body with the domain's zod schemas. The same declaration validates the request and writes
 * the route into the OpenAPI document (`GET /api/openapi.json`).
 */

/** The one place a zod failure becomes the error body: `{ code: 'request/invalid', message: '<field>: <message>', field }`. */
export function invalidRequest(error: z.ZodError, at = ''): AppError {
  const issue = error.issues[0]!;
  // an id of a shape we never hand out names nothing: answered as a missing resource, before any query
  if (issue.message === UNKNOWN_ID_MESSAGE) return new AppError('not-found');
  const field = [at, ...issue.path.map(String)].filter(Boolean).join('.');
  return new AppError('request/invalid', {
    message: field ? `${field}: ${issue.message}` : issue.message,
    field: field || undefined,
  });
}

/** Validates a value with a schema; a failure answers through `invalidRequest`. */
export function validateWith<S extends z.ZodType>(schema: S, value: unknown, at = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidRequest(parsed.error, at);
}

/** The JSON body, read whole (under its cap), cleaned of NUL and lone surrogates; an empty body is `{}`. */
export async function readJson(c: Ctx): Promise<unknown> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('request/invalid', { message: 'The request body is not valid JSON' });
  }
  return cleanJson(raw);
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type AnyObject = z.ZodObject<z.ZodRawShape>;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * What a handler answers: with a `response` schema, a `c.json(…)` of that schema's shape (as JSON), checked by the
 * compiler; without one (204, a redirect, a stream, a file), any Response.
 */
export type Answer<R> = R extends z.ZodType
  ? Response & TypedResponse<JSONParsed<z.output<R>>, ContentfulStatusCode, 'json'>
  : Response;

/**
 * Who may call a route, for the document's `security`: `user` (a signed-in builder's or end user's bearer id
 * token, or none where the route serves anyone), `apiKey` (an app API key as the bearer token), `none` (public,
 * or a signed webhook). The default is `user`.
 */
export type RouteAuth = 'user' | 'apiKey' | 'none';

export interface RouteSpec<P, Q, B, R = undefined> {
  method: Method;
  /** OpenAPI form: `/{appId}/tools` */
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  /** the JSON body, validated when the handler asks for it (after its own checks: signed in, owner) */
  body?: B;
  /** a failure of the body the route answers with its own error (spec messages); else `invalidRequest` */
  bodyError?: (error: z.ZodError) => AppError | undefined;
  /**
   * The largest body taken: JSON_BODY_MAX_BYTES unless named. `'own'` when the handler caps the body itself
   * before reading it (uploads held to the plan's file size).
   */
  maxBodyBytes?: number | 'own';
  /** documents a multipart upload (its `file` part) instead of a JSON body */
  upload?: boolean;
  status?: 200 | 201 | 204 | 302 | 405;
  /** the document's media type of a success that is not JSON */
  produces?: 'text/event-stream' | 'text/html' | 'text/csv' | 'application/octet-stream';
  /** the Hono path when it cannot be written in the OpenAPI form (a key with slashes) */
  honoPath?: string;
  /**
   * The body of a JSON success: a schema of the domain (architecture §11, "A route"). It is the answer's entry in
   * the OpenAPI document and types what the handler sends. Every route answering JSON names one
   * (`tests/openapi.test.ts` names any that does not).
   */
  response?: R;
  /** who may call it (the document's `security`); `user` unless named */
  auth?: RouteAuth;
}

export interface RouteInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  /** the body, read and validated on the first call */
  body: () => Promise<Out<B>>;
  /** the body as sent (cleaned, not parsed), for use-cases that keep the stored value of a key left out */
  sent: () => Promise<unknown>;
}

const uploadBody = z.object({ file: z.string().meta({ format: 'binary' }) });

/** The body of a success that is not JSON, by its media type. */
const producedBody = {
  'text/event-stream': z.string().meta({ description: 'Server-sent events' }),
  'text/html': z.string(),
  'text/csv': z.string().meta({ description: 'Comma-separated values, a header row first' }),
  'application/octet-stream': z.string().meta({ format: 'binary' }),
} as const;

/** The security requirement of each kind of caller (`{}`: the route also answers a caller without a token). */
const securityOf: Record<RouteAuth, Record<string, string[]>[]> = {
  user: [{ idToken: [] }, {}],
  apiKey: [{ appApiKey: [] }],
  none: [{}],
};

/** The OpenAPI description of a route. */
function describe(spec: RouteSpec<unknown, unknown, unknown, unknown>): RouteConfig {
  const status = spec.status ?? 200;
  const json = spec.response as z.ZodType | undefined;
  const content = {
    // a route that answers JSON or a stream by what was asked (`stream: true`) names both, JSON first
    ...(json || !spec.produces ? { 'application/json': { schema: json ?? z.unknown() } } : {}),
    ...(spec.produces ? { [spec.produces]: { schema: producedBody[spec.produces] } } : {}),
  };
  const responses: RouteConfig['responses'] =
    status === 204
      ? { 204: { description: 'Done' } }
      : status === 302
        ? {
            302: { description: 'Redirect' },
            // the same address as JSON, for a client that asks for it (Accept: application/json)
            ...(json ? { 200: { description: 'The address, as JSON', content } } : {}),
          }
        : { [status]: { description: status === 405 ? 'Not allowed' : 'Success', content } };
  const body = spec.upload
    ? { content: { 'multipart/form-data': { schema: uploadBody } } }
    : spec.body
      ? { content: { 'application/json': { schema: spec.body as z.ZodType } } }
      : undefined;
  return createRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    security: securityOf[spec.auth ?? 'user'],
    request: {
      ...(spec.params ? { params: spec.params as AnyObject } : {}),
      ...(spec.query ? { query: spec.query as AnyObject } : {}),
      ...(body ? { body } : {}),
    },
    // the errors are added to every operation from the catalogue (http/openapi.ts)
    responses,
  });
}

/**
 * A Response made elsewhere (the MCP SDK's, or JSON or a stream by what the request asked) taken as the route's
 * answer of `schema`: the compiler cannot check its body, so the route's HTTP tests do.
 */
export function answered<R extends z.ZodType>(_schema: R, response: Response): Answer<R> {
  return response as Answer<R>;
}

/** Declares a route: validated params and query, the body on demand, its cap, and its entry in the document. */
export function route<
  P extends AnyObject | undefined,
  Q extends AnyObject | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined = undefined,
>(
  r: OpenAPIHono<AppEnv>,
  spec: RouteSpec<P, Q, B, R>,
  handler: (c: Ctx, input: RouteInput<P, Q, B>) => Answer<R> | Promise<Answer<R>>,
): void {
  const described = describe(spec as RouteSpec<unknown, unknown, unknown, unknown>);
  r.openAPIRegistry.registerPath(described);
  const cap = spec.maxBodyBytes ?? JSON_BODY_MAX_BYTES;
  // a GET never reads a body, and the cap's look at it would make the Node adapter build a whole Request for every
  // read (about 0.2 ms each); what a client sends with a GET is never read
  const middleware = cap === 'own' || spec.method === 'get' ? [] : [capBody(cap)];
  // not itself asynchronous: the handler's promise is the route's, one step of waiting less a request (a failed
  // param or query throws here, inside Hono's dispatch, which answers it through onError as before)
  const run = (c: Ctx) => {
    let raw: Promise<unknown> | undefined;
    let body: Promise<unknown> | undefined;
    const sent = () => (raw ??= readJson(c));
    const readBody = () =>
      (body ??= sent().then((raw) => {
        const parsed = (spec.body ?? z.object({})).safeParse(raw);
        if (parsed.success) return parsed.data;
        throw spec.bodyError?.(parsed.error) ?? invalidRequest(parsed.error);
      }));
    // a route on its own Hono path reads its params itself (they are described, not checked)
    const params = spec.params && !spec.honoPath ? readTarget(spec.params, c.req.param(), 'param') : {};
    const query = spec.query ? readTarget(spec.query, queryOf(c), 'query') : {};
    return handler(c, {
      params: params as Out<P>,
      query: query as Out<Q>,
      body: readBody as () => Promise<Out<B>>,
      sent,
    });
  };
  // the params and the query are read in `run`, in the request's own turn: a validator middleware of its own per
  // route costs each request a step of the chain and an asynchronous parse (decision 0005-house-order/speed.md)
  const honoPath = spec.honoPath ?? spec.path.replaceAll(/\/{(.+?)}/g, '/:$1');
  r.on([spec.method.toUpperCase()], [honoPath], ...middleware, run as never);
}

/** The params or the query as the route's schema reads them; a path param that fails names nothing (404). */
function readTarget(schema: AnyObject, value: unknown, target: 'param' | 'query'): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (target === 'param') throw new AppError('not-found');
  throw invalidRequest(result.error);
}

/** The query string as Hono's validator gives it: a name sent once is a string, sent more often a list. */
function queryOf(c: Ctx): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([k, v]) => (v.length === 1 ? [k, v[0]!] : [k, v])),
  );
}

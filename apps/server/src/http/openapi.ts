import type { OpenAPIHono } from '@hono/zod-openapi';
import { errorCatalogue } from '@buildai/domain';
import type { AppEnv } from './context';

export type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The name of each error status's response in `components.responses`. */
const statusNames: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'TooLarge',
  415: 'UnsupportedMediaType',
  422: 'Unprocessable',
  429: 'TooManyRequests',
  500: 'ServerError',
  502: 'BadGateway',
  503: 'Unavailable',
  504: 'GatewayTimeout',
};

/** The error catalogue's codes by status, in the catalogue's order. */
function codesByStatus(): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [code, { status }] of Object.entries(errorCatalogue)) {
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return out;
}

/** An error answer of one status: the body every error has, and the catalogue's codes and messages of it. */
function errorResponse(status: number, codes: string[]) {
  const lines = codes.map(
    (code) => `- \`${code}\`: ${(errorCatalogue as Record<string, { message: string }>)[code]!.message}`,
  );
  return {
    description: `An error of status ${status}. Its codes in the error catalogue:\n\n${lines.join('\n')}`,
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorBody' },
      },
    },
  };
}

/**
 * `getApp` from `GET /api/apps/{appId}`: the method and the path's words, params included (`{appId}` is
 * `AppId`), so every operation has a stable id of its own without naming one by hand.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** The OpenAPI 3.1 document of the app's routes (build it once they are all mounted: they do not change). */
export function openApiDocument(app: OpenAPIHono<AppEnv>, serverUrl = '/'): OpenApiDocument {
  app.openAPIRegistry.registerComponent('securitySchemes', 'idToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A signed-in account's id token (a builder's, or an app end user's): `Authorization: Bearer …`",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'appApiKey', {
    type: 'http',
    scheme: 'bearer',
    description: "An app's API key, made in the app's settings: `Authorization: Bearer sk-…`",
  });
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'BuildAI API',
      version: '1',
      description:
        'Errors answer `{ "error": { "code", "message", "field"? } }` with the status and message of the code ' +
        'in the error catalogue.',
    },
    servers: [{ url: serverUrl }],
  });
  const byStatus = codesByStatus();
  const responses: Record<string, ReturnType<typeof errorResponse>> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[statusNames[status] ?? `Error${status}`] = errorResponse(status, codes);
  }
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      ErrorBody: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string', description: 'A code of the error catalogue' },
              message: { type: 'string', description: "The catalogue's message, or one naming the field" },
              field: { type: 'string', description: 'The field at fault, when one is' },
              details: {},
            },
          },
        },
      },
    },
    responses,
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.responses ??= {};
      for (const status of byStatus.keys()) {
        operation.responses[String(status)] ??= {
          $ref: `#/components/responses/${statusNames[status] ?? `Error${status}`}`,
        };
      }
    }
  }
  return doc;
}

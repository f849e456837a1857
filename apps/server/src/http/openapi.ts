import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';

export type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

/** The OpenAPI 3.1 document of the app's routes (build it once they are all mounted: they do not change). */
export function openApiDocument(app: OpenAPIHono<AppEnv>): OpenApiDocument {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'BuildAI API',
      version: '1',
      description: 'Errors answer `{ "error": { "code", "message", "field"? } }`.',
    },
  });
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
const documents = new WeakMap<OpenAPIHono<AppEnv>, Document>();

/** The OpenAPI 3.1 document of the app's routes, built once per app (its routes do not change once mounted). */
export function openApiDocument(app: OpenAPIHono<AppEnv>): Document {
  let doc = documents.get(app);
  if (!doc) {
    doc = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'BuildAI API',
        version: '1',
        description: 'Errors answer `{ "error": { "code", "message", "field"? } }`.',
      },
    });
    documents.set(app, doc);
  }
  return doc;
}

import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '@buildai/domain';
import type { AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { DEFAULT_CONTENT_TYPE } from '../../platform/blobs/keys';
import { FILES_URL_PREFIX, isPublicImageKey } from './image-keys';

/** `GET /api/files/{key}`: an uploaded image, public and cached for good (its key changes with every upload). */
export function filesRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{key}',
      // a key has slashes: Hono matches the rest of the path, the shape is checked below
      honoPath: '/*',
      summary: 'An uploaded image',
      params: z.object({ key: z.string() }),
      produces: 'application/octet-stream',
    },
    async (c) => {
      const key = c.req.path.slice(FILES_URL_PREFIX.length);
      if (!isPublicImageKey(key)) throw new AppError('not-found');
      const blob = await c.get('platform').blobs.get(key);
      if (!blob) throw new AppError('not-found');
      return c.body(new Uint8Array(blob.body), 200, {
        'Content-Type': blob.contentType ?? DEFAULT_CONTENT_TYPE,
        'Content-Length': String(blob.body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
  );
  return r;
}

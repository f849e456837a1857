import { Hono } from 'hono';
import { AppError } from '@buildai/domain';
import type { AppEnv } from '../../http/context';
import { DEFAULT_CONTENT_TYPE } from '../../platform/blobs/keys';
import { FILES_URL_PREFIX, isPublicImageKey } from './image-keys';

/** `GET /api/files/{key}`: an uploaded image, public and cached for good (its key changes with every upload). */
export function filesRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/*', async (c) => {
    const key = c.req.path.slice(FILES_URL_PREFIX.length);
    if (!isPublicImageKey(key)) throw new AppError('not-found');
    const blob = await c.get('platform').blobs.get(key);
    if (!blob) throw new AppError('not-found');
    return c.body(new Uint8Array(blob.body), 200, {
      'Content-Type': blob.contentType ?? DEFAULT_CONTENT_TYPE,
      'Content-Length': String(blob.body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return r;
}

import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '@buildai/domain';
import type { AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { DEFAULT_CONTENT_TYPE } from '../../platform/blobs/keys';
import { FILES_URL_PREFIX, isPublicImageKey } from './image-keys';

/** A filename for Content-Disposition: the key's last part, with nothing that could break out of the header. */
function safeFilename(key: string): string {
  const name = (key.split('/').pop() ?? '').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return name.replace(/^\.+/, '') || 'file';
}

/**
 * The key of the path, as the image's address writes it (`accounts/…/logo-x.png`) or as an OpenAPI client sends a
 * path parameter (`accounts%2F…%2Flogo-x.png`): decoded once, then held to the exact shape of an image key.
 */
function keyOf(path: string): string | null {
  try {
    return decodeURIComponent(path.slice(FILES_URL_PREFIX.length));
  } catch {
    return null;
  }
}

/**
 * `GET /api/files/{key}`: an uploaded image, public and cached for good (its key changes with every upload).
 * Served so that it can never act as a page of our origin (docs/decisions/0006): an image is shown inline, anything
 * else downloads; a sandboxing CSP and nosniff hold even if the stored type lies (an SVG with a script).
 */
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
      const key = keyOf(c.req.path);
      if (key === null || !isPublicImageKey(key)) throw new AppError('not-found');
      const blob = await c.get('platform').blobs.get(key);
      if (!blob) throw new AppError('not-found');
      const contentType = blob.contentType ?? DEFAULT_CONTENT_TYPE;
      const disposition = contentType.toLowerCase().startsWith('image/') ? 'inline' : 'attachment';
      return c.body(new Uint8Array(blob.body), 200, {
        'Content-Type': contentType,
        'Content-Disposition': `${disposition}; filename="${safeFilename(key)}"`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': String(blob.body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
  );
  return r;
}

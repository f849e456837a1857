import { z } from 'zod';

/**
 * What every request passes at the edge (docs/decisions/0006): ids have one shape, checked before any query, and
 * a size cap holds every body.
 */

/** Every id the product hands out (apps, tools, items, runs, tool paths) fits this; anything else is unknown. */
export const RESOURCE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The message of an id of an unknown shape: the edge answers it as a missing resource (404 `not-found`). */
export const UNKNOWN_ID_MESSAGE = 'unknown id';

export const resourceIdSchema = z.string().regex(RESOURCE_ID_PATTERN, UNKNOWN_ID_MESSAGE);

/** The cap on a JSON body unless a route names another (1 MB). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** 'The request is too large (at most 1 MB)' */
export function requestTooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const limit = mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return `The request is too large (at most ${limit})`;
}

import { eq, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import { apps } from '../../db/schema';
import type { Platform } from '../../platform';
import { appSettingsSchema, EMBED_ORIGIN_PATTERN, resourceIdSchema } from '@buildai/domain';

const appSettingsById = preparedPerDb((db) =>
  db
    .select({ appSettings: apps.appSettings })
    .from(apps)
    .where(eq(apps.appId, sql.placeholder('appId')))
    .limit(1)
    .prepare('app_settings_for_embed'),
);

/**
 * The sites that may show an app's widget frame (`/embed/{appId}`), as the `frame-ancestors` sources of its
 * document (decision 0010 "The widget's frame"): `*` when the builder listed none, else the listed origins and the
 * product itself. An unknown app: the product only.
 */
export async function embedAncestors(platform: Platform, appId: string): Promise<string[]> {
  // an id of a shape the product never hands out names no app
  if (!resourceIdSchema.safeParse(appId).success) return ["'self'"];
  const [row] = await appSettingsById(platform.db).execute({ appId });
  if (!row) return ["'self'"];
  const stored = row.appSettings.chatEmbedOrigins;
  // nothing listed: any site (never saved, or saved empty)
  if (stored === undefined || (Array.isArray(stored) && stored.length === 0)) return ['*'];
  // read as a settings save would keep it; a list that does not read as a whole (a rule made stricter since it
  // was saved) keeps the entries that still do, and never opens the frame to every site
  const parsed = appSettingsSchema.shape.chatEmbedOrigins.safeParse(stored);
  if (parsed.success) return ["'self'", ...parsed.data];
  const entries = Array.isArray(stored) ? stored : [];
  const valid = entries.filter((o): o is string => typeof o === 'string' && EMBED_ORIGIN_PATTERN.test(o));
  return ["'self'", ...valid];
}

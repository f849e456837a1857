import { eq, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import { apps } from '../../db/schema';
import type { Platform } from '../../platform';
import { appSettingsSchema, resourceIdSchema } from '@buildai/domain';

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
  // read as a settings save would keep it; a value that does not read (never saved by this product) lists none
  const parsed = appSettingsSchema.shape.chatEmbedOrigins.safeParse(row.appSettings.chatEmbedOrigins);
  const origins = parsed.success ? parsed.data : [];
  return origins.length === 0 ? ['*'] : ["'self'", ...origins];
}

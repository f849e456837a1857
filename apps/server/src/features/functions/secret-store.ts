import { and, asc, eq } from 'drizzle-orm';
import {
  AppError,
  MAX_APP_SECRETS,
  isSecretKey,
  type AppSecret,
  type SecretRequirement,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';
import { openSecret, packSealed, sealSecret, unpackSealed, type SigningKey } from '../identity';
import type { Logger } from '../../platform/logger';

/**
 * The store of an app's secrets (decision 0014, "Secrets"). Values are sealed with the server's secret box (as the
 * Gumroad tokens are: AES-256-GCM, a key derived from AUTH_SECRET for this purpose) and bound to the app and key, so
 * a value copied to another app's row, or to another key, does not open.
 */
const PURPOSE = 'app-secrets v1';
const bindingOf = (appId: string, key: string) => `app_secrets/${appId}/${key}`;

type SecretRow = typeof appSecrets.$inferSelect;

function view(row: SecretRow): AppSecret {
  return {
    key: row.key,
    description: row.description,
    instructions: row.instructions,
    required: row.required,
    isSet: row.valueEncrypted !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The app's secrets by key, without their values. */
export async function listSecrets(db: Db, appId: string): Promise<AppSecret[]> {
  const rows = await db
    .select()
    .from(appSecrets)
    .where(eq(appSecrets.appId, appId))
    .orderBy(asc(appSecrets.key));
  return rows.map(view);
}

/** The missing-secret check (spec 001 §5): each required secret that is not stored. */
export const missingSecrets = (secrets: AppSecret[]): string[] =>
  secrets.filter((s) => s.required && !s.isSet).map((s) => s.key);

/** How many secrets the app would hold with these keys too. */
async function countAfter(db: Db, appId: string, keys: string[]): Promise<number> {
  const rows = await db.select({ key: appSecrets.key }).from(appSecrets).where(eq(appSecrets.appId, appId));
  return new Set([...rows.map((r) => r.key), ...keys]).size;
}

export interface SaveSecretsOptions {
  db: Db;
  signingKey: SigningKey;
  appId: string;
  secrets: { key: string; value: string; instructions?: string }[];
}

/** Sets values (and instructions) of secrets, creating those the chat did not ask for; all or nothing. */
export async function saveSecrets({ db, signingKey, appId, secrets }: SaveSecretsOptions): Promise<void> {
  for (const s of secrets)
    if (!isSecretKey(s.key)) throw new AppError('secrets/key-invalid', { field: 'key' });
  if (secrets.some((s) => s.value.trim() === '')) throw new AppError('secrets/values-required');
  const keys = [...new Set(secrets.map((s) => s.key))];
  const sealed = await Promise.all(
    secrets.map(async (s) => ({
      ...s,
      sealed: packSealed(
        await sealSecret({ signingKey, purpose: PURPOSE, aad: bindingOf(appId, s.key), plaintext: s.value }),
      ),
    })),
  );
  await db.transaction(async (tx) => {
    if ((await countAfter(tx, appId, keys)) > MAX_APP_SECRETS) throw new AppError('secrets/too-many');
    for (const s of sealed) {
      await tx
        .insert(appSecrets)
        .values({
          appId,
          key: s.key,
          valueEncrypted: s.sealed,
          instructions: s.instructions ?? '',
          required: false,
        })
        .onConflictDoUpdate({
          target: [appSecrets.appId, appSecrets.key],
          set: {
            valueEncrypted: s.sealed,
            ...(s.instructions !== undefined ? { instructions: s.instructions } : {}),
            updatedAt: new Date(),
          },
        });
    }
  });
}

/** Deletes one secret (its value and the requirement); 404 `secrets/not-found` when the app has none of that key. */
export async function deleteSecret(db: Db, appId: string, key: string): Promise<void> {
  const gone = await db
    .delete(appSecrets)
    .where(and(eq(appSecrets.appId, appId), eq(appSecrets.key, key)))
    .returning({ key: appSecrets.key });
  if (gone.length === 0) throw new AppError('secrets/not-found');
}

/**
 * Records what the chat's `request_secrets` asked for: each secret becomes required with its description; a value
 * already set stays. Answers the keys still missing, or why nothing changed.
 */
export async function requireSecrets(
  db: Db,
  appId: string,
  requirements: SecretRequirement[],
): Promise<{ ok: true; requested: string[]; missing: string[] } | { ok: false; error: string }> {
  if (requirements.length === 0)
    return { ok: false, error: 'Name at least one secret (secretName, description).' };
  const bad = requirements.find((r) => !isSecretKey(r.secretName));
  if (bad)
    return {
      ok: false,
      error: `"${bad.secretName}" is not a secret name: use letters, digits and underscores, starting with a letter (e.g. WEATHER_API_KEY).`,
    };
  const keys = [...new Set(requirements.map((r) => r.secretName))];
  if ((await countAfter(db, appId, keys)) > MAX_APP_SECRETS)
    return { ok: false, error: `An app holds at most ${MAX_APP_SECRETS} secrets.` };
  for (const r of requirements) {
    const description = r.description.slice(0, 2000);
    await db
      .insert(appSecrets)
      .values({ appId, key: r.secretName, description, required: true })
      .onConflictDoUpdate({
        target: [appSecrets.appId, appSecrets.key],
        set: { description, required: true, updatedAt: new Date() },
      });
  }
  return { ok: true, requested: keys, missing: missingSecrets(await listSecrets(db, appId)) };
}

export interface OpenAppSecretsOptions {
  db: Db;
  signingKey: SigningKey;
  logger: Logger;
  appId: string;
}

/**
 * The values of the app's set secrets, for its server functions only. A value that no longer opens (AUTH_SECRET
 * changed) is left out and logged by key, never by value.
 */
export async function openAppSecrets({
  db,
  signingKey,
  logger,
  appId,
}: OpenAppSecretsOptions): Promise<Record<string, string>> {
  const rows = await db.select().from(appSecrets).where(eq(appSecrets.appId, appId));
  const out: Record<string, string> = {};
  for (const row of rows) {
    if (!row.valueEncrypted) continue;
    try {
      out[row.key] = await openSecret({
        signingKey,
        purpose: PURPOSE,
        aad: bindingOf(appId, row.key),
        sealed: unpackSealed(row.valueEncrypted),
      });
    } catch {
      logger.warn({ appId, key: row.key }, 'a stored app secret could not be opened');
    }
  }
  return out;
}

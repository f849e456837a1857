import { and, eq, sql } from 'drizzle-orm';
import type { CustomField, UserMemory } from '@buildai/domain';
import type { Db } from '../../db/client';
import { userMemories } from '../../db/schema';

/** Fields whose values an app remembers for its user: those marked personal or memorize. */
export function rememberedFields(fields: readonly CustomField[]): string[] {
  return fields.filter((f) => f.personal || f.memorize).map((f) => f.name);
}

/** The values of `names` the user filled in; blank ones are left out, so they do not erase a remembered value. */
export function valuesToRemember(
  names: readonly string[],
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const value = inputs[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    values[name] = value;
  }
  return values;
}

/** Merges the values into the user's memory of the app; the newest value of a field wins. */
export async function remember(
  db: Db,
  user: { appId: string; userKey: string; userId: string | null },
  values: Record<string, unknown>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .insert(userMemories)
    .values({ appId: user.appId, userKey: user.userKey, userId: user.userId, values })
    .onConflictDoUpdate({
      target: [userMemories.appId, userMemories.userKey],
      set: { values: sql`${userMemories.values} || excluded.values`, updatedAt: sql`now()` },
    });
}

export async function readMemory(db: Db, appId: string, userKey: string): Promise<UserMemory> {
  const [row] = await db
    .select({ values: userMemories.values, updatedAt: userMemories.updatedAt })
    .from(userMemories)
    .where(and(eq(userMemories.appId, appId), eq(userMemories.userKey, userKey)));
  return { appId, values: row?.values ?? {}, updatedAt: row?.updatedAt.toISOString() ?? null };
}

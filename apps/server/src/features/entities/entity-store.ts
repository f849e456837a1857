import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { AppError, MAX_ENTITIES, USER_ENTITY, type EntityEntry, type EntitySchema } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appEntities } from '../../db/schema';

/** An app's entities, by name (the built-in User entity is not stored here). */
export async function listEntities(db: Db, appId: string): Promise<EntityEntry[]> {
  return db
    .select({ name: appEntities.name, schema: appEntities.schema })
    .from(appEntities)
    .where(eq(appEntities.appId, appId))
    .orderBy(asc(appEntities.name));
}

/** One entity's schema, or null. */
export async function findEntity(db: Db, appId: string, name: string): Promise<EntitySchema | null> {
  const [row] = await db
    .select({ schema: appEntities.schema })
    .from(appEntities)
    .where(and(eq(appEntities.appId, appId), eq(appEntities.name, name)));
  return row?.schema ?? null;
}

export interface PutEntityOptions {
  db: Db;
  appId: string;
  name: string;
  schema: EntitySchema;
}

/**
 * Creates or replaces an entity's schema (already checked against `entitySchemaSchema`). Records are kept as they
 * are: a record that no longer matches is shown as it is and checked again when it is next written.
 */
export async function putEntity({
  db,
  appId,
  name,
  schema,
}: PutEntityOptions): Promise<{ created: boolean }> {
  if (name === USER_ENTITY) throw new AppError('entity/builtin');
  const existing = await findEntity(db, appId, name);
  if (!existing) {
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(appEntities)
      .where(eq(appEntities.appId, appId))) as [{ count: number }];
    if (count >= MAX_ENTITIES) throw new AppError('entity/too-many');
  }
  await db
    .insert(appEntities)
    .values({ appId, name, schema })
    .onConflictDoUpdate({
      target: [appEntities.appId, appEntities.name],
      set: { schema, updatedAt: new Date() },
    });
  return { created: !existing };
}

/** Removes an entity and, through the foreign key, all its records. False when there was none. */
export async function deleteEntity(db: Db, appId: string, name: string): Promise<boolean> {
  const removed = await db
    .delete(appEntities)
    .where(and(eq(appEntities.appId, appId), eq(appEntities.name, name)))
    .returning({ name: appEntities.name });
  return removed.length > 0;
}

/**
 * Makes the app's entities exactly `entries` (a version's snapshot, on restore): entities missing from it are
 * removed with their records, the others take the snapshot's schema; records of kept entities stay.
 */
export async function replaceEntities(db: Db, appId: string, entries: EntityEntry[]): Promise<void> {
  const names = entries.map((e) => e.name);
  await db
    .delete(appEntities)
    .where(
      names.length > 0
        ? and(eq(appEntities.appId, appId), notInArray(appEntities.name, names))
        : eq(appEntities.appId, appId),
    );
  for (const entry of entries) {
    await db
      .insert(appEntities)
      .values({ appId, name: entry.name, schema: entry.schema })
      .onConflictDoUpdate({
        target: [appEntities.appId, appEntities.name],
        set: { schema: entry.schema, updatedAt: new Date() },
      });
  }
}

import { and, eq } from 'drizzle-orm';
import { emailSchema } from '@buildai/domain';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import type { Platform } from '../../platform';

export type UserRow = typeof users.$inferSelect;

/** The normalised address, or null when it is not an email. */
export function normaliseEmail(value: string): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function findUser(platform: Platform, tenantId: string, email: string): Promise<UserRow | null> {
  const [user] = await platform.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)));
  return user ?? null;
}

export async function getUser(platform: Platform, userId: string): Promise<UserRow | null> {
  const [user] = await platform.db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

export interface FindOrCreateUserOptions {
  platform: Platform;
  tenantId: string;
  email: string;
  verified: boolean;
}

/**
 * The user of this address, created without a password when missing (magic link, Google). Two racing creations
 * end with one user.
 */
export async function findOrCreateUser({
  platform,
  tenantId,
  email,
  verified,
}: FindOrCreateUserOptions): Promise<UserRow> {
  const existing = await findUser(platform, tenantId, email);
  if (existing) return existing;
  await platform.db
    .insert(users)
    .values({ id: newId(), tenantId, email, emailVerifiedAt: verified ? new Date() : null })
    .onConflictDoNothing();
  return (await findUser(platform, tenantId, email))!;
}

/** Marks the address verified (a link or code sent to it was used). */
export async function markVerified(platform: Platform, user: UserRow): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  const [updated] = await platform.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

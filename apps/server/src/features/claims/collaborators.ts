// What the collaborator use-cases share: the list as the settings panel shows it.
import { asc, eq } from 'drizzle-orm';
import type { CollaboratorsResponse } from '@buildai/domain';
import type { Db } from '../../db/client';
import { accounts, appCollaborators, users } from '../../db/schema';

/** The app's owner and collaborators with their emails, the longest-standing collaborator first. */
export async function collaboratorsOf(
  db: Db,
  app: { appId: string; ownerAccountId: string },
): Promise<CollaboratorsResponse> {
  const [owner] = await db
    .select({ accountId: accounts.accountId, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.accountId, app.ownerAccountId));
  const rows = await db
    .select({ accountId: appCollaborators.accountId, email: users.email, addedAt: appCollaborators.addedAt })
    .from(appCollaborators)
    .innerJoin(accounts, eq(accounts.accountId, appCollaborators.accountId))
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(appCollaborators.appId, app.appId))
    .orderBy(asc(appCollaborators.addedAt), asc(users.email));
  return {
    owner: { accountId: app.ownerAccountId, email: owner?.email ?? '' },
    collaborators: rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() })),
  };
}

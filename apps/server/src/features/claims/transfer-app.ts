import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appCollaborators, apps, claimInvitations, contextItems } from '../../db/schema';
import { readSettings } from '../apps';

/**
 * Hands an app to another builder inside the claim's transaction (docs/decisions/0009, "What a claim moves").
 * Everything keyed by the app moves with it by itself: tools, files and versions, entities and records, end users,
 * runs (analytics), the payment connection and its members. What names the owner's account is rewritten: the app
 * row and its data sources. The app starts over as the new owner's: its collaborators go (the previous owner stays
 * as one when `requireBuilderCollaboratorAccount` is on), other open invitations die, and the admin-only claim and
 * template flags are cleared.
 */
export async function transferApp(tx: Db, input: { appId: string; to: string }): Promise<void> {
  const { appId, to } = input;
  const [app] = await tx.select().from(apps).where(eq(apps.appId, appId)).for('update');
  if (!app) throw new AppError('app/not-found');
  if (app.ownerAccountId === to) throw new AppError('claim/own-app');
  const settings = readSettings(app);
  const now = new Date();
  await tx
    .update(apps)
    .set({
      ownerAccountId: to,
      appSettings: {
        ...app.appSettings,
        isClaimable: false,
        requireBuilderCollaboratorAccount: false,
        isAppTemplate: false,
      },
      updatedAt: now,
    })
    .where(eq(apps.appId, appId));
  await tx.update(contextItems).set({ accountId: to }).where(eq(contextItems.appId, appId));
  // its chat app (decision 0010) and the assistant's data sources go with it
  const chatApps = await tx
    .update(apps)
    .set({ ownerAccountId: to, updatedAt: now })
    .where(eq(apps.parentAppId, appId))
    .returning({ appId: apps.appId });
  for (const chat of chatApps)
    await tx.update(contextItems).set({ accountId: to }).where(eq(contextItems.appId, chat.appId));
  await tx.delete(appCollaborators).where(eq(appCollaborators.appId, appId));
  if (settings.requireBuilderCollaboratorAccount) {
    await tx.insert(appCollaborators).values({ appId, accountId: app.ownerAccountId });
  }
  await tx
    .update(claimInvitations)
    .set({ deadAt: now })
    .where(
      and(
        eq(claimInvitations.appId, appId),
        isNull(claimInvitations.usedAt),
        isNull(claimInvitations.deadAt),
      ),
    );
}

import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError, type ClaimInvitation } from '@buildai/domain';
import { newId } from '../../db/ids';
import { apps, claimInvitations } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readSettings, requireAppOwner } from '../apps';
import { publicBaseUrl, type SigningKey } from '../identity';
import { hashClaimCode, newClaimCode, openClaimCode, sealClaimCode } from './invitation-code';

export interface GetClaimInvitationOptions {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller;
  appId: string;
}

/**
 * GET /api/apps/{appId}/settings/claimInvitation (spec 001 §4, §6, §7): the app's open invitation, or a new one.
 * Only the owner, an admin (a claimable app is an admin setting, spec 000 §6), of a published app with claiming on.
 * The same invitation is answered until it is used or dies, so copying the invite twice sends the same link.
 */
export async function getClaimInvitation(opts: GetClaimInvitationOptions): Promise<ClaimInvitation> {
  const { platform, signingKey, caller, appId } = opts;
  const { rights, app } = await requireAppOwner(platform, caller, appId);
  if (!rights.isAdmin) throw new AppError('auth/forbidden');
  if (!app.isPublished) throw new AppError('claim/not-published');
  if (!readSettings(app).isClaimable) throw new AppError('claim/not-claimable');

  const { id, code } = await platform.db.transaction(async (tx) => {
    // one invitation at a time per app: two copies at once must not open two
    await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId)).for('update');
    const [open] = await tx
      .select()
      .from(claimInvitations)
      .where(
        and(
          eq(claimInvitations.appId, appId),
          isNull(claimInvitations.usedAt),
          isNull(claimInvitations.deadAt),
        ),
      )
      .orderBy(desc(claimInvitations.createdAt))
      .limit(1);
    if (open) {
      const code = await openClaimCode(signingKey, open.id, open.codeEncrypted);
      if (code) return { id: open.id, code };
      // sealed under another secret: nobody can copy it again, so a new one replaces it
      await tx.update(claimInvitations).set({ deadAt: new Date() }).where(eq(claimInvitations.id, open.id));
    }
    const invitationId = newId();
    const claimCode = newClaimCode();
    await tx.insert(claimInvitations).values({
      id: invitationId,
      appId,
      codeHash: await hashClaimCode(signingKey, invitationId, claimCode),
      codeEncrypted: await sealClaimCode(signingKey, invitationId, claimCode),
      createdByAccountId: rights.account.accountId,
    });
    return { id: invitationId, code: claimCode };
  });
  return { inviteLink: `${publicBaseUrl(platform)}/claim/${id}`, claimCode: code };
}

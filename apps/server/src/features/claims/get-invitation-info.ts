import { eq } from 'drizzle-orm';
import { AppError, type ClaimInvitationInfo } from '@buildai/domain';
import { apps, claimInvitations } from '../../db/schema';
import type { Platform } from '../../platform';
import { readSettings, readStyle } from '../apps';

/**
 * GET /api/claim/{invitationId}: what the claim page shows before anyone signs in: the app's name and logo and
 * whether the invitation can still be used. An invitation of an app no longer claimable (or unpublished) is dead.
 */
export async function getInvitationInfo(
  platform: Platform,
  invitationId: string,
): Promise<ClaimInvitationInfo> {
  const [row] = await platform.db
    .select({ invitation: claimInvitations, app: apps })
    .from(claimInvitations)
    .innerJoin(apps, eq(apps.appId, claimInvitations.appId))
    .where(eq(claimInvitations.id, invitationId));
  if (!row) throw new AppError('claim/invitation-not-found');
  const { invitation, app } = row;
  const settings = readSettings(app);
  const claimable = app.isPublished && settings.isClaimable;
  return {
    appId: app.appId,
    appHeader: app.header,
    logoUrl: readStyle(app).logoUrl,
    status: invitation.usedAt ? 'used' : invitation.deadAt || !claimable ? 'dead' : 'open',
    requireBuilderCollaboratorAccount: settings.requireBuilderCollaboratorAccount,
  };
}

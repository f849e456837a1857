import { eq } from 'drizzle-orm';
import { AppError, type PreviewTokenResponse } from '@buildai/domain';
import { appOrigin } from '../../config';
import { apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { SigningKey } from '../identity';
import { requireMembership, type MembershipSettings } from '../memberships';
import { MEMBER_AUDIENCE, signPreviewToken } from './preview-token';

export interface MintMemberLinkOptions {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller | null;
  appId: string;
}

/**
 * POST /api/apps/{appId}/member-link: the link that opens a published space app's page on the app origin for a
 * caller who passes its membership gate (a member, the owner or an admin; 402 otherwise). The app origin sees no
 * session (its documents are sandboxed), so with memberships on it opens the published files only with this
 * short-lived link; with memberships off the plain document address is answered.
 */
export async function mintMemberLink({
  platform,
  signingKey,
  caller,
  appId,
}: MintMemberLinkOptions): Promise<PreviewTokenResponse> {
  const [app] = await platform.db.select().from(apps).where(eq(apps.appId, appId));
  if (!app || app.appType !== 'space' || !app.isPublished) throw new AppError('app/not-found');
  const settings = app.appSettings as MembershipSettings;
  await requireMembership({ platform, app, settings, caller });
  const { token, expiresAt } = await signPreviewToken({
    signingKey,
    appId,
    now: Date.now(),
    audience: MEMBER_AUDIENCE,
  });
  const url = `${appOrigin(platform.config)}/apps/${encodeURIComponent(appId)}/?access=${encodeURIComponent(token)}`;
  return { url, expiresAt: expiresAt.toISOString() };
}

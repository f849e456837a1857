import { AppError, type PreviewTokenResponse } from '@buildai/domain';
import { appOrigin } from '../../config';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, requireBuilder } from '../apps';
import type { SigningKey } from '../identity';
import { signPreviewToken } from './preview-token';

export interface MintPreviewTokenOptions {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller;
  appId: string;
}

/** POST /api/apps/{appId}/preview-token: the owner's link to the app's current files on the app origin. */
export async function mintPreviewToken({
  platform,
  signingKey,
  caller,
  appId,
}: MintPreviewTokenOptions): Promise<PreviewTokenResponse> {
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  if (app.appType !== 'space') throw new AppError('space/not-space-app');
  const { token, expiresAt } = await signPreviewToken({ signingKey, appId });
  const url = `${appOrigin(platform.config)}/apps/${encodeURIComponent(appId)}/preview?token=${encodeURIComponent(token)}`;
  return { url, expiresAt: expiresAt.toISOString() };
}

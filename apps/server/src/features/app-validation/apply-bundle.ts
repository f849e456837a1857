import { eq } from 'drizzle-orm';
import { AppError, MAX_APP_FILES, type ApplyBundleRequest, type ApplyBundleResponse } from '@buildai/domain';
import { appFiles } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { lockChat } from '../apps';
import { makeVersion } from '../spaces';
import { loadTestedVersion } from './load-version';

export interface ApplyBundleOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  versionId: string;
  body: () => Promise<ApplyBundleRequest>;
}

/**
 * POST /api/apps/{appId}/versions/{versionId}/apply-bundle (spec 001 §4 "Applying a bundle compiles it into the
 * app and sets an applied flag"; decision 0013): the bundle's files become the app's, as a new version of the
 * version's message, so All Changes shows it and restoring the version it came from reverts it. Refused while a
 * chat turn runs.
 */
export async function applyBundle({
  platform,
  caller,
  appId,
  versionId,
  body,
}: ApplyBundleOptions): Promise<ApplyBundleResponse> {
  const version = await loadTestedVersion({ platform, caller, appId, versionId });
  const request = await body();
  const paths = new Set(request.files.map((f) => f.path));
  if (paths.size !== request.files.length) {
    throw new AppError('request/invalid', { message: 'The bundle names a file twice', field: 'files' });
  }
  if (paths.size > MAX_APP_FILES) throw new AppError('space/too-many-files');
  const applied = await platform.db.transaction(async (tx) => {
    await lockChat(tx, appId);
    await tx.delete(appFiles).where(eq(appFiles.appId, appId));
    await tx.insert(appFiles).values(request.files.map((f) => ({ appId, path: f.path, content: f.content })));
    return makeVersion(tx, {
      appId,
      messageId: version.messageId ?? request.messageId,
      userRequest: 'Applied a repaired bundle',
      description:
        request.description ?? `A repaired bundle of version ${versionId}, applied from the tester`,
    });
  });
  return { versionId: applied, applied: true };
}

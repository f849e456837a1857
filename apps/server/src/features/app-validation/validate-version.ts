import { AppError, type ValidateRequest, type ValidationResult } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { detectIssues } from './detect-pool';
import { loadTestedVersion } from './load-version';

export interface ValidateVersionOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  versionId: string;
  body: () => Promise<ValidateRequest>;
}

/** POST /api/apps/{appId}/versions/{versionId}/validate (spec 001 §7): every detector over the version's files. */
export async function validateVersion({
  platform,
  caller,
  appId,
  versionId,
  body,
}: ValidateVersionOptions): Promise<ValidationResult> {
  const version = await loadTestedVersion({ platform, caller, appId, versionId });
  await body();
  try {
    return await detectIssues({ files: version.files, entityNames: version.entityNames });
  } catch (err) {
    platform.logger.error({ err, appId, versionId }, 'validation failed');
    throw new AppError('validation/failed');
  }
}

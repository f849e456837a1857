import type { AppSecretsResponse, SaveSecretsRequest } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { SigningKey } from '../identity';
import { loadBuilderApp } from './builder-access';
import { deleteSecret, listSecrets, missingSecrets, saveSecrets } from './secret-store';

/** GET /api/apps/{appId}/secrets: the keys, whether each is set, and the missing-secret check; never a value. */
export async function getSecrets(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<AppSecretsResponse> {
  await loadBuilderApp(platform, caller, appId);
  const secrets = await listSecrets(platform.db, appId);
  return { secrets, missing: missingSecrets(secrets) };
}

/** POST /api/apps/{appId}/secrets: answers the list as GET does (no value). */
export async function putSecrets(
  platform: Platform,
  signingKey: SigningKey,
  caller: Caller,
  appId: string,
  body: SaveSecretsRequest,
): Promise<AppSecretsResponse> {
  await loadBuilderApp(platform, caller, appId);
  await saveSecrets(platform.db, signingKey, appId, body.secrets);
  return getSecrets(platform, caller, appId);
}

/** DELETE /api/apps/{appId}/secrets/{secretKey} */
export async function removeSecret(
  platform: Platform,
  caller: Caller,
  appId: string,
  key: string,
): Promise<void> {
  await loadBuilderApp(platform, caller, appId);
  await deleteSecret(platform.db, appId, key);
}

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

export interface PutSecretsOptions {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller;
  appId: string;
  body: SaveSecretsRequest;
}

/** POST /api/apps/{appId}/secrets: answers the list as GET does (no value). */
export async function putSecrets({
  platform,
  signingKey,
  caller,
  appId,
  body,
}: PutSecretsOptions): Promise<AppSecretsResponse> {
  await loadBuilderApp(platform, caller, appId);
  await saveSecrets({ db: platform.db, signingKey, appId, secrets: body.secrets });
  return getSecrets(platform, caller, appId);
}

export interface RemoveSecretOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  key: string;
}

/** DELETE /api/apps/{appId}/secrets/{secretKey} */
export async function removeSecret({ platform, caller, appId, key }: RemoveSecretOptions): Promise<void> {
  await loadBuilderApp(platform, caller, appId);
  await deleteSecret(platform.db, appId, key);
}

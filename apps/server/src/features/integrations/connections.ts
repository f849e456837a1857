import type { IntegrationProvider } from '@buildai/domain';
import type { Platform } from '../../platform';
import { openSecret, sealSecret, type SigningKey } from '../identity';

/** A builder's connection to a provider: the tokens the provider granted. */
export interface Connection {
  accessToken: string;
  refreshToken?: string;
  /** epoch ms; absent when the token does not expire (Notion) */
  expiresAt?: number;
  workspaceName?: string;
  connectedAt: string;
}

interface StoredSeal {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/**
 * Connections are kept in blobs under `accounts/{accountId}/integrations/{provider}.json`, sealed by identity's
 * secret box (AES-256-GCM, a key derived from the server's signing secret), so a copy of the blob store alone reveals
 * no provider token. The blob's key is bound in as additional data: a blob moved elsewhere does not open.
 */
export function connectionKey(accountId: string, provider: IntegrationProvider): string {
  return `accounts/${accountId}/integrations/${provider}.json`;
}

/** The secret box's purpose for these blobs (its key derivation's info), as it has been since the first. */
const PURPOSE = 'integration-connections v1';

export interface SaveConnectionOptions {
  platform: Platform;
  signingKey: SigningKey;
  accountId: string;
  provider: IntegrationProvider;
  connection: Connection;
}

export async function saveConnection({
  platform,
  signingKey,
  accountId,
  provider,
  connection,
}: SaveConnectionOptions): Promise<void> {
  const key = connectionKey(accountId, provider);
  const { iv, tag, data } = await sealSecret({
    signingKey,
    purpose: PURPOSE,
    aad: key,
    plaintext: JSON.stringify(connection),
  });
  const sealed: StoredSeal = {
    v: 1,
    iv: iv.toString('base64url'),
    tag: tag.toString('base64url'),
    data: data.toString('base64url'),
  };
  await platform.blobs.put(key, JSON.stringify(sealed), { contentType: 'application/json' });
}

export interface LoadConnectionOptions {
  platform: Platform;
  signingKey: SigningKey;
  accountId: string;
  provider: IntegrationProvider;
}

/** The stored connection, or null when there is none (or it cannot be opened, e.g. after the secret changed). */
export async function loadConnection({
  platform,
  signingKey,
  accountId,
  provider,
}: LoadConnectionOptions): Promise<Connection | null> {
  const key = connectionKey(accountId, provider);
  const blob = await platform.blobs.get(key);
  if (!blob) return null;
  try {
    const sealed = JSON.parse(blob.body.toString('utf8')) as StoredSeal;
    const text = await openSecret({
      signingKey,
      purpose: PURPOSE,
      aad: key,
      sealed: {
        iv: Buffer.from(sealed.iv, 'base64url'),
        tag: Buffer.from(sealed.tag, 'base64url'),
        data: Buffer.from(sealed.data, 'base64url'),
      },
    });
    return JSON.parse(text) as Connection;
  } catch (err) {
    platform.logger.warn({ err, accountId, provider }, 'a stored integration connection could not be opened');
    return null;
  }
}

export async function deleteConnection(
  platform: Platform,
  accountId: string,
  provider: IntegrationProvider,
): Promise<void> {
  await platform.blobs.delete(connectionKey(accountId, provider));
}

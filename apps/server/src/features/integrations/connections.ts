import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Platform } from '../../platform';
import type { SigningKey } from '../identity';

/** The providers a builder can connect to import from. */
export const integrationProviders = ['notion', 'google-drive'] as const;
export type IntegrationProvider = (typeof integrationProviders)[number];

export function isIntegrationProvider(value: string): value is IntegrationProvider {
  return (integrationProviders as readonly string[]).includes(value);
}

/** A builder's connection to a provider: the tokens the provider granted. */
export interface Connection {
  accessToken: string;
  refreshToken?: string;
  /** epoch ms; absent when the token does not expire (Notion) */
  expiresAt?: number;
  workspaceName?: string;
  connectedAt: string;
}

interface Sealed {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/**
 * Connections are kept in blobs under `accounts/{accountId}/integrations/{provider}.json`, encrypted with AES-256-GCM
 * under a key derived (HKDF-SHA256) from the server's signing secret, so a copy of the blob store alone reveals no
 * provider token. The account id and provider are bound in as additional data: a blob moved elsewhere does not open.
 */
export function connectionKey(accountId: string, provider: IntegrationProvider): string {
  return `accounts/${accountId}/integrations/${provider}.json`;
}

async function encryptionKey(signingKey: SigningKey): Promise<Buffer> {
  const secret = await signingKey.bytes();
  return Buffer.from(hkdfSync('sha256', secret, 'buildai', 'integration-connections v1', 32));
}

export async function saveConnection(
  platform: Platform,
  signingKey: SigningKey,
  accountId: string,
  provider: IntegrationProvider,
  connection: Connection,
): Promise<void> {
  const key = connectionKey(accountId, provider);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(signingKey), iv);
  cipher.setAAD(Buffer.from(key));
  const data = Buffer.concat([cipher.update(JSON.stringify(connection), 'utf8'), cipher.final()]);
  const sealed: Sealed = {
    v: 1,
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
  await platform.blobs.put(key, JSON.stringify(sealed), { contentType: 'application/json' });
}

/** The stored connection, or null when there is none (or it cannot be opened, e.g. after the secret changed). */
export async function loadConnection(
  platform: Platform,
  signingKey: SigningKey,
  accountId: string,
  provider: IntegrationProvider,
): Promise<Connection | null> {
  const key = connectionKey(accountId, provider);
  const blob = await platform.blobs.get(key);
  if (!blob) return null;
  try {
    const sealed = JSON.parse(blob.body.toString('utf8')) as Sealed;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await encryptionKey(signingKey),
      Buffer.from(sealed.iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(key));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(sealed.data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
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

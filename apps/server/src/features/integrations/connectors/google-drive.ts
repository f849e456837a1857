import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { AppError, type ContextItemType } from '@buildai/domain';
import type { Platform } from '../../../platform';
import { saveConnection, type Connection } from '../connections';
import { clientOf, connectionFromTokens } from '../oauth';
import { csvRecords, providerFetch, readTextCapped, type ImportableItem } from '../provider-http';
import {
  prose,
  providerItemId,
  requireConnection,
  type AccountConnector,
  type ConnectorContext,
} from './connector';

const GOOGLE_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/** Google Workspace files that can be imported, and how each is exported. */
const DRIVE_TYPES: Record<string, { type: ContextItemType; exportAs: 'text/plain' | 'text/csv' }> = {
  'application/vnd.google-apps.document': { type: 'google doc', exportAs: 'text/plain' },
  'application/vnd.google-apps.spreadsheet': { type: 'google sheet', exportAs: 'text/csv' },
  'application/vnd.google-apps.presentation': { type: 'google slide', exportAs: 'text/plain' },
};
const EXPORT_FOR_TYPE: Partial<Record<ContextItemType, 'text/plain' | 'text/csv'>> = {
  'google doc': 'text/plain',
  'google sheet': 'text/csv',
  'google slide': 'text/plain',
};
const MAX_LIST_PAGES = 10;
/** A token this close to expiring is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;

const apiBase = (platform: Platform) => platform.config.GOOGLE_DRIVE_API_URL.replace(/\/+$/, '');

/** A usable access token: refreshed (and stored again) when it has expired and a refresh token is at hand. */
async function accessToken(
  ctx: ConnectorContext,
  accountId: string,
  connection: Connection,
): Promise<string> {
  if (!connection.expiresAt || connection.expiresAt - REFRESH_MARGIN_MS > Date.now())
    return connection.accessToken;
  if (!connection.refreshToken) throw new AppError('integration/not-connected');
  const { platform, services } = ctx;
  const { token } = await googleDrive.oauth.endpoints(ctx);
  let refreshed: Connection;
  try {
    const tokens = await clientOf(platform, googleDrive).refreshAccessToken(
      token,
      connection.refreshToken,
      [],
    );
    refreshed = connectionFromTokens(tokens, connection);
  } catch (err) {
    platform.logger.warn({ err, accountId }, 'Google Drive: the access token could not be refreshed');
    throw new AppError('integration/not-connected');
  }
  await saveConnection({
    platform,
    signingKey: services.signingKey,
    accountId,
    provider: 'google-drive',
    connection: refreshed,
  });
  return refreshed.accessToken;
}

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  webViewLink?: string;
}

/** Docs, sheets and slide decks the builder can read (`GET /drive/v3/files`). */
async function listDriveItems(
  ctx: ConnectorContext,
  accountId: string,
  connection: Connection,
): Promise<ImportableItem[]> {
  const { platform } = ctx;
  const token = await accessToken(ctx, accountId, connection);
  const q = `(${Object.keys(DRIVE_TYPES)
    .map((m) => `mimeType='${m}'`)
    .join(' or ')}) and trashed=false`;
  const items: ImportableItem[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < MAX_LIST_PAGES; i++) {
    const query = new URLSearchParams({
      q,
      pageSize: '100',
      orderBy: 'modifiedTime desc',
      fields: 'nextPageToken,files(id,name,mimeType,webViewLink)',
    });
    if (pageToken) query.set('pageToken', pageToken);
    const res = await providerFetch(`${apiBase(platform)}/drive/v3/files?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await res.json()) as { files?: DriveFile[]; nextPageToken?: string };
    for (const file of page.files ?? []) {
      const known = DRIVE_TYPES[file.mimeType];
      if (!known) continue;
      items.push({
        name: file.name || 'Untitled',
        source: 'google drive',
        type: known.type,
        providerItemId: file.id,
        provider: 'google-drive',
        externalFileId: file.id,
        externalFileUrl: file.webViewLink,
      });
    }
    if (!page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  return items;
}

interface ExportDriveFileOptions {
  ctx: ConnectorContext;
  accountId: string;
  connection: Connection;
  fileId: string;
  type: ContextItemType;
  signal: AbortSignal;
}

/** A file's text as Drive exports it: docs and slides as plain text, sheets as CSV (the first sheet). */
async function exportDriveFile({
  ctx,
  accountId,
  connection,
  fileId,
  type,
  signal,
}: ExportDriveFileOptions): Promise<
  { kind: 'prose'; text: string } | { kind: 'table'; header: string; rows: string[] }
> {
  const exportAs = EXPORT_FOR_TYPE[type];
  if (!exportAs) throw new AppError('context/unsupported-type');
  const token = await accessToken(ctx, accountId, connection);
  const res = await providerFetch(
    `${apiBase(ctx.platform)}/drive/v3/files/${encodeURIComponent(fileId)}/export?${new URLSearchParams({ mimeType: exportAs })}`,
    { headers: { authorization: `Bearer ${token}` }, signal },
  );
  const text = await readTextCapped(res);
  if (exportAs === 'text/plain')
    return {
      kind: 'prose',
      text: text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .trim(),
    };
  const [header, ...rows] = csvRecords(text);
  if (!header || rows.length === 0) throw new AppError('context/csv-invalid');
  return { kind: 'table', header, rows };
}

/**
 * Google Drive (decision 0004): Google sign-in's client and endpoints (GOOGLE_ISSUER's discovery) with Drive's
 * read-only scope. PKCE, offline access and a consent prompt every time, so that Google sends a refresh token with
 * each grant: its access tokens expire and are refreshed above.
 */
export const googleDrive: AccountConnector = {
  id: 'google-drive',
  owns: (item) => item.source === 'google drive' || item.provider === 'google-drive',
  configured: (config) => Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
  oauth: {
    endpoints: async ({ services }) => {
      const doc = await services.openId.discovery();
      return { authorization: doc.authorization_endpoint, token: doc.token_endpoint };
    },
    client: (config, redirectUri) =>
      new OAuth2Client(config.GOOGLE_CLIENT_ID!, config.GOOGLE_CLIENT_SECRET!, redirectUri),
    authorizeUrl: ({ client, endpoint, state, verifier }) => {
      const url = client.createAuthorizationURLWithPKCE(endpoint, state, CodeChallengeMethod.S256, verifier, [
        GOOGLE_DRIVE_SCOPE,
      ]);
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      return url;
    },
    exchange: ({ client, endpoint, code, verifier }) =>
      client.validateAuthorizationCode(endpoint, code, verifier),
  },
  list: listDriveItems,
  import: async (ctx, item, signal) => {
    const connection = await requireConnection(ctx, item, 'google-drive');
    const extracted = await exportDriveFile({
      ctx,
      accountId: item.accountId,
      connection,
      fileId: providerItemId(item),
      type: item.type,
      signal,
    });
    return extracted.kind === 'prose' ? prose(extracted.text) : extracted;
  },
};

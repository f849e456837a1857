import type { OAuth2Client, OAuth2Tokens } from 'arctic';
import { AppError, type IntegrationProvider } from '@buildai/domain';
import type { Config } from '../../../config';
import type { contextItems } from '../../../db/schema/context';
import type { Platform } from '../../../platform';
import type { ExtractedText } from '../../context';
import { loadConnection, type Connection } from '../connections';
import type { ImportableItem } from '../provider-http';
import type { IntegrationServices } from '../services';

/**
 * The contract of a data-source connector (decision 0011, "Data-source connectors"): one file per connector in this
 * folder, listed in `index.ts`. Routes, the OAuth flow and the ingestion job read a connector from the registry and
 * never ask which one it is.
 */

export type ItemRow = typeof contextItems.$inferSelect;

/** What a connector works with: the platform and this server's integration services (tokens, scraper). */
export interface ConnectorContext {
  platform: Platform;
  services: IntegrationServices;
}

/** A place the text of data items is read from besides the builder's own files. */
export interface Connector {
  readonly id: string;
  /**
   * Whether this connector reads the stored item. The registry asks in its order and the first that claims the item
   * reads it, so each connector keeps the exact test it was always chosen by.
   */
  owns(item: ItemRow): boolean;
  /** The item's text. An AppError when it cannot be had for good (not connected, missing); else worth a retry. */
  import(ctx: ConnectorContext, item: ItemRow, signal: AbortSignal): Promise<ExtractedText>;
}

/** How one provider wants the OAuth 2 authorization code flow written (arctic's client does the HTTP). */
export interface OAuthFlow {
  endpoints(ctx: ConnectorContext): Promise<{ authorization: string; token: string }>;
  /** the client the operator registered; asked only once `configured` said yes */
  client(config: Config, redirectUri: string): OAuth2Client;
  /** the consent screen's address; `verifier` is the PKCE verifier that the exchange gets back */
  authorizeUrl(options: { client: OAuth2Client; endpoint: string; state: string; verifier: string }): URL;
  /** trades the callback's code for the provider's tokens */
  exchange(options: {
    client: OAuth2Client;
    endpoint: string;
    code: string;
    verifier: string;
  }): Promise<OAuth2Tokens>;
}

/** A connector of the builder's own account elsewhere: connected through OAuth, listed to pick what to import. */
export interface AccountConnector extends Connector {
  readonly id: IntegrationProvider;
  /** the operator set the client up; read on each request, so a changed configuration counts at once */
  configured(config: Config): boolean;
  oauth: OAuthFlow;
  /** what the connected account offers, shaped as `POST /api/context/ingest/metadata` takes it */
  list(ctx: ConnectorContext, accountId: string, connection: Connection): Promise<ImportableItem[]>;
}

// ---- what the connectors share -------------------------------------------------------------------------------

/** Text that reads as prose; an empty page or document is refused for good rather than stored as nothing. */
export function prose(text: string): ExtractedText {
  if (text.trim() === '') throw new AppError('context/no-text');
  return { kind: 'prose', text };
}

/** The provider's own id of an imported item (items imported before `providerItemId` existed have `externalFileId`). */
export function providerItemId(item: ItemRow): string {
  const id = item.providerItemId ?? item.externalFileId;
  if (!id) throw new AppError('context/not-found');
  return id;
}

/** The owner's stored connection to the provider, or `integration/not-connected`. */
export async function requireConnection(
  { platform, services }: ConnectorContext,
  item: ItemRow,
  provider: IntegrationProvider,
): Promise<Connection> {
  const connection = await loadConnection({
    platform,
    signingKey: services.signingKey,
    accountId: item.accountId,
    provider,
  });
  if (!connection) throw new AppError('integration/not-connected');
  return connection;
}

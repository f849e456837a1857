import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { ExtractedText } from '../context';
import { connectorOf, type ItemRow } from './connectors';
import type { IntegrationServices } from './services';

export interface ImportExternalOptions {
  platform: Platform;
  services: IntegrationServices;
  item: ItemRow;
  signal: AbortSignal;
}

/**
 * The text of an item that lives elsewhere (a web page, a Notion page or database, a Google Drive document, sheet or
 * slide deck), read by the connector that owns it. Throws an AppError when it cannot be fetched for good (refused
 * address, not connected, missing item); any other error is worth a retry.
 */
export async function importExternal({
  platform,
  services,
  item,
  signal,
}: ImportExternalOptions): Promise<ExtractedText> {
  const connector = connectorOf(item);
  if (!connector) throw new AppError('context/unsupported-type');
  return connector.import({ platform, services }, item, signal);
}

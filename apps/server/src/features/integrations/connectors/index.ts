import { integrationProviders, type IntegrationProvider } from '@buildai/domain';
import type { AccountConnector, Connector, ItemRow } from './connector';
import { googleDrive } from './google-drive';
import { notion } from './notion';
import { web } from './web';

/**
 * The data-source connectors (decision 0011, "Data-source connectors"). Adding one is its file in this folder and
 * one line here: an account connector in `accountConnectors` (keyed by its id in the domain's
 * `integrationProviders`, which the compiler holds this object to), any other in `connectors`.
 */
export const accountConnectors: Readonly<Record<IntegrationProvider, AccountConnector>> = {
  notion,
  'google-drive': googleDrive,
};

/** Every connector, in the order they are asked whether they read a stored item: the web's test comes first. */
export const connectors: readonly Connector[] = [
  web,
  ...integrationProviders.map((provider) => accountConnectors[provider]),
];

/** The connector that reads a stored item, if any. */
export function connectorOf(item: ItemRow): Connector | undefined {
  return connectors.find((connector) => connector.owns(item));
}

export type { AccountConnector, Connector, ConnectorContext, ItemRow } from './connector';
export { WEB_PAGE_ITEM } from './web';

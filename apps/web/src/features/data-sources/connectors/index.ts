import { integrationProviders, type ContextItemType, type IntegrationProvider } from '@buildai/domain';
import type { AccountConnectorUi, AddressConnectorUi, ItemTypeLook } from './connector';
import { googleDrive } from './google-drive';
import { notion } from './notion';
import { web } from './web';

/**
 * The data-source connectors as the UI shows them (decision 0011, "Data-source connectors"). Adding one is its module
 * in this folder and one line here: an account connector in `accountConnectors` (keyed by its provider in the domain's
 * `integrationProviders`, which the compiler holds this object to), an address connector in `addressConnectors`.
 */
export const accountConnectors: Readonly<Record<IntegrationProvider, AccountConnectorUi>> = {
  notion,
  'google-drive': googleDrive,
};

/** The dialog's options that take an address, keyed by their id; shown after its own (text, list, doc, PDF). */
export const addressConnectors = {
  web,
} as const satisfies Record<string, AddressConnectorUi>;
export type AddressOption = keyof typeof addressConnectors;
/** The address options in the registry's order (the keys of an object literal, so the cast holds). */
export const addressOptions = Object.keys(addressConnectors) as AddressOption[];

export function isAddressOption(option: string): option is AddressOption {
  return Object.hasOwn(addressConnectors, option);
}

/** "Notion, Drive & Dropbox": names listed in the domain's order, the last after `last`. */
export function listOfNames(pick: (connector: AccountConnectorUi) => string, last: string): string {
  const names = integrationProviders.map((provider) => pick(accountConnectors[provider]));
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${last} ${names.at(-1)}`;
}

/** How the items every connector brings are shown, by type. */
export const connectorItemTypes: Partial<Record<ContextItemType, ItemTypeLook>> = Object.assign(
  {},
  ...addressOptions.map((option) => addressConnectors[option].itemTypes),
  ...integrationProviders.map((provider) => accountConnectors[provider].itemTypes),
);

export type { AccountConnectorUi, AddressConnectorUi, ItemTypeLook } from './connector';

import type { LucideIcon } from 'lucide-react';
import type { ContextItemType } from '@buildai/domain';

/**
 * What the data sources UI shows of each data-source connector (decision 0011, "Data-source connectors"): one module
 * per connector in this folder, listed in `index.ts`. The components read a connector from the registry and never
 * ask which one it is.
 */

/** How the items of one type are shown (the list's label, the square icon and its colours). */
export interface ItemTypeLook {
  label: string;
  icon: LucideIcon;
  /** the icon's colours; without it, the muted ones */
  tone?: string;
}

interface ConnectorUi {
  /** the types of the items this connector brings, with how each is shown */
  itemTypes: Partial<Record<ContextItemType, ItemTypeLook>>;
}

/**
 * A connector of the builder's own account elsewhere (its key in the registry is its provider): a section of the
 * dialog's import option, connected in a popup (the same flow for every provider, `useIntegrationPopup`), then a list
 * to pick items from.
 */
export interface AccountConnectorUi extends ConnectorUi {
  /** the provider's name as the buttons and messages say it ("Connect Google Drive") */
  name: string;
  /** the name in the import option's title, where every provider is named ("Notion & Drive"); else `name` */
  shortName?: string;
  icon: LucideIcon;
  /** under the name until the builder connects */
  connectHint: string;
  /** what the list says when the account offers nothing */
  empty: { title: string; hint: string };
}

/**
 * A connector the builder gives an address to: an option of the dialog (its key in the registry is the option's id)
 * with an address field, added by the dialog's form.
 */
export interface AddressConnectorUi extends ConnectorUi {
  option: { title: string; description: string; icon: LucideIcon };
  field: { label: string; placeholder: string; hint: string };
  /** under the field when nothing was typed */
  missing: string;
  /** the toast once added */
  added: string;
  /** sends what was typed (trimmed and checked non-empty) */
  send(appId: string, address: string): Promise<unknown>;
  /** the toast of a failed send */
  failure(err: unknown): string;
}

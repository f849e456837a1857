import { Globe } from 'lucide-react';
import { AppError, contextMessages } from '@buildai/domain';
import { ingestWeb } from '../api/context-items';
import type { AddressConnectorUi } from './connector';

/** The web importer: the page at the address and the pages it links to on the same site. */
export const web: AddressConnectorUi = {
  option: { title: 'Web page', description: 'Import the text of a website', icon: Globe },
  field: {
    label: 'Web page address',
    placeholder: 'https://www.example.com',
    hint: 'The page and the pages it links to on the same site are imported.',
  },
  missing: 'Please enter the address of a web page',
  added: 'Web page added',
  // an address typed without its scheme ("example.com") is a web address
  send: (appId, address) => ingestWeb(appId, /^https?:\/\//i.test(address) ? address : `https://${address}`),
  // a refused address says why (private address, not a web page…); anything else is the spec's upload error
  failure: (err) =>
    err instanceof AppError && err.status === 400 ? err.message : contextMessages.uploadError,
  itemTypes: { 'web page': { label: 'Web page', icon: Globe, tone: 'bg-violet-50 text-violet-700' } },
};

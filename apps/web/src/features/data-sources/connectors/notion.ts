import { NotebookText } from 'lucide-react';
import type { AccountConnectorUi } from './connector';

export const notion: AccountConnectorUi = {
  name: 'Notion',
  icon: NotebookText,
  connectHint: 'Connect your Notion workspace to import pages and databases.',
  empty: {
    title: 'Nothing to import in your Notion workspace',
    // Notion shows the integration only what the builder shared with it
    hint: 'Share pages or databases with BuildAI in Notion, then refresh.',
  },
  itemTypes: {
    'notion database': { label: 'Notion database', icon: NotebookText },
    'notion page': { label: 'Notion page', icon: NotebookText },
  },
};

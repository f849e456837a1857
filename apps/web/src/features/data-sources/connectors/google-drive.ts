import { FileSpreadsheet, FileText, HardDrive, Presentation } from 'lucide-react';
import type { AccountConnectorUi } from './connector';

export const googleDrive: AccountConnectorUi = {
  name: 'Google Drive',
  shortName: 'Drive',
  icon: HardDrive,
  connectHint: 'Connect your Google Drive to import Docs, Sheets and Slides.',
  empty: {
    title: 'Nothing to import in your Google Drive',
    // only Google's own formats can be exported as text
    hint: 'Google Docs, Sheets and Slides can be imported.',
  },
  // coloured as the builder's own documents and lists are
  itemTypes: {
    'google doc': { label: 'Google Doc', icon: FileText, tone: 'bg-sky-50 text-sky-700' },
    'google sheet': { label: 'Google Sheet', icon: FileSpreadsheet, tone: 'bg-emerald-50 text-emerald-700' },
    'google slide': { label: 'Google Slides', icon: Presentation },
  },
};

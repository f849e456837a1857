import { z } from 'zod';

/**
 * Data sources (context) of an app: spec 000 §2 (Data sources dialog), §3 (Context item), §4 (status), §5, §6, §7,
 * §8, §9 and spec 001 §2 (Custom data source panel), §3 (data item). Choices the spec leaves open are in
 * docs/decisions/0004-data-sources.md.
 */

export const contextItemTypes = [
  'csv',
  'doc',
  'txt',
  'pdf',
  'google doc',
  'google sheet',
  'google slide',
  'notion database',
  'notion page',
  'web page',
  'unrecognized',
] as const;
export type ContextItemType = (typeof contextItemTypes)[number];

export const contextItemSources = ['local files', 'google drive', 'notion', 'web scraper'] as const;
export type ContextItemSource = (typeof contextItemSources)[number];

export const contextItemStatuses = [
  'unsynced',
  'pending',
  'running',
  'synced',
  'error',
  'usage_limit_reached',
] as const;
export type ContextItemStatus = (typeof contextItemStatuses)[number];

/** Statuses that are still changing: the browser watches these live (spec 000 §4). */
export const LIVE_CONTEXT_STATUSES: readonly ContextItemStatus[] = ['unsynced', 'pending', 'running'];

/** Labels of spec 000 §4. */
export function contextStatusLabel(status: ContextItemStatus): string {
  switch (status) {
    case 'unsynced':
    case 'pending':
      return 'Pending';
    case 'running':
      return 'Syncing...';
    case 'synced':
      return 'Synced';
    case 'error':
      return 'Error';
    case 'usage_limit_reached':
      return 'Usage limit reached';
  }
}

/** A context item as the list call answers it (spec 000 §3). */
export interface ContextItem {
  id: string;
  name: string;
  size: number;
  createdAt: string;
  lastSyncedAt: string | null;
  type: ContextItemType;
  source: ContextItemSource;
  status: ContextItemStatus;
  numOfChunks: number;
  externalFileUrl: string | null;
  externalFileId: string | null;
  providerItemId: string | null;
  provider: string | null;
  originalContextItemId: string | null;
  errorMessage: string | null;
}

export interface ContextItemsResponse {
  contextItems: ContextItem[];
  hasReachedDataLimit: boolean;
}

// ---- requests ------------------------------------------------------------------------------------------------

export const ingestTextRequest = z.object({
  context: z.string().refine((t) => t.trim().length > 0, 'Please enter some text'),
  name: z.string().trim().max(200).optional(),
});
export const renameContextRequest = z.object({ name: z.string().trim().min(1).max(200) });
export const ingestWebRequest = z.object({ url: z.string().trim().min(1).max(2000) });
/** The most items one `POST /api/context/ingest/metadata` takes. */
export const MAX_METADATA_ITEMS = 50;
export const ingestMetadataRequest = z.object({
  contextItems: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(300),
        source: z.enum(contextItemSources),
        type: z.enum(contextItemTypes),
        providerItemId: z.string().min(1).max(500),
        provider: z.string().min(1).max(50),
        externalFileId: z.string().max(500).optional(),
        externalFileUrl: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(MAX_METADATA_ITEMS),
});
/** An item from elsewhere (Notion, Google Drive) as `ingest/metadata` takes it. */
export type IngestMetadataItem = z.infer<typeof ingestMetadataRequest>['contextItems'][number];
export const replaceDataItemRequest = z.object({
  oldItemId: z.string().min(1),
  newItemId: z.string().min(1),
});

// ---- limits (spec 000 §6, §9) --------------------------------------------------------------------------------

/** Lite's maximum file size; every other plan gets twice this (spec 000 §9: "a base limit"). */
export const LITE_MAX_FILE_BYTES = 5 * 1024 * 1024;
export function maxFileBytes(plan: string): number {
  return plan === 'lite' ? LITE_MAX_FILE_BYTES : LITE_MAX_FILE_BYTES * 2;
}
/** 'max 5 MB' as the toast shows it. */
export function formatFileLimit(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
export function maxFiles(plan: string): number {
  return plan === 'lite' ? 1 : 5;
}
/** Lite may keep only one data item of any kind. */
export const LITE_MAX_ITEMS = 1;

/** Characters of extracted text per calendar month (UTC), by plan. */
export const MONTHLY_DATA_LIMITS: Record<string, number> = {
  lite: 2_000_000,
  explorer: 20_000_000,
  monetizer: 100_000_000,
  discover: 500_000_000,
  moon: 500_000_000,
};
export function monthlyDataLimit(plan: string): number {
  return MONTHLY_DATA_LIMITS[plan] ?? MONTHLY_DATA_LIMITS.lite!;
}

export const SCRAPE_LIMITS = {
  lite: { depth: 2, pages: 20 },
  explorer: { depth: 3, pages: 50 },
  other: { depth: 3, pages: 100 },
} as const;
export function scrapeLimits(plan: string): { depth: number; pages: number } {
  if (plan === 'lite') return SCRAPE_LIMITS.lite;
  if (plan === 'explorer') return SCRAPE_LIMITS.explorer;
  return SCRAPE_LIMITS.other;
}

export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 200;

/** Allowed uploads by the dialog's option (spec 000 §5). */
export const UPLOAD_KINDS = {
  csv: { extensions: ['.csv'], type: 'csv' },
  doc: { extensions: ['.doc', '.docx'], type: 'doc' },
  pdf: { extensions: ['.pdf'], type: 'pdf' },
  txt: { extensions: ['.txt', '.md'], type: 'txt' },
} as const;

// ---- messages (spec 000 §2, §5, §8) --------------------------------------------------------------------------

export const contextMessages = {
  title: 'Data Sources',
  textOption: 'Copy/paste text from anywhere',
  listOption: 'Upload a CSV file',
  docOption: 'Upload DOCX file',
  saveFirst: 'Please save your app first before adding context',
  saveYourAi: 'Save Your AI',
  enterText: 'Please enter some text',
  uploadFile: 'Please upload a file',
  deleteFailed: 'Failed to delete item, try again later',
  renameFailed: 'Failed to rename item, try again later',
  saveFailed: 'Error saving data, please try again or contact support via chat',
  uploadError: 'Error uploading data, please try again or contact support via chat',
  tooBig: (max: string) => `Failed to upload context, file size is too big (max ${max})`,
  csvInvalid: 'Failed to upload context, make sure your CSV file has column headers and a few rows',
  uploadFailed: 'Failed to upload context, try again later',
  fetchFailed: 'Error fetching data items, try again later',
  replaceFailed: 'Failed to replace item, try again later',
  showPlans: 'Show plans',
  moreSpace: 'If you need more space, let us know.',
  copyTemplate: 'Copy template',
  replaceFile: 'Replace file',
} as const;

/** Why a web address is refused (`context/url-refused`), told to the builder (decision 0006). */
export const urlRefusedMessages = {
  notPublic: 'This address cannot be imported: it is not a public internet address',
  scheme: 'This address cannot be imported: only http and https addresses can be',
  credentials: 'This address cannot be imported: it holds a user name or password',
  invalid: 'This address cannot be imported: it is not a valid web address',
  notFound: "This address cannot be imported: its site's name could not be found",
} as const;

/** A site's error answer, with its HTTP status (`context/page-error`). */
export const pageErrorMessage = (status: number) => `The site answered with an error (HTTP ${status})`;

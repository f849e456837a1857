import type { Platform } from '../../platform';

/** Text taken out of a source, ready to be cut into chunks. */
export type ExtractedText =
  | { kind: 'prose'; text: string }
  /** a table: the header line and each row as one line of CSV, kept whole */
  | { kind: 'table'; header: string; rows: string[] };

/**
 * Cuts an item's extracted text into chunks and stores them in one transaction (replacing any earlier chunks), has
 * them embedded when an embedding model is configured, counts the characters against the monthly data limit and
 * marks the item synced. Nothing is written when it fails.
 */
export async function storeExtractedText(
  _platform: Platform,
  _itemId: string,
  _extracted: ExtractedText,
): Promise<void> {
  throw new Error('not implemented');
}

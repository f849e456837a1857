import type { Platform } from '../../platform';
import type { contextItems } from '../../db/schema/context';
import type { ExtractedText } from '../context/pipeline';

/**
 * The text of an item that lives elsewhere: a web page (crawled within the plan's caps), a Notion page or database,
 * or a Google Drive document, sheet or slide deck. Throws an AppError when it cannot be fetched.
 */
export async function importExternal(
  _platform: Platform,
  _item: typeof contextItems.$inferSelect,
  _signal: AbortSignal,
): Promise<ExtractedText> {
  throw new Error('not implemented');
}

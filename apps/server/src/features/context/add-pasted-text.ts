import { maxFileBytes } from '@buildai/domain';
import type { AppRow } from '../apps';
import { addStoredItem, pastedTextName, type Builder } from './ingest';
import { fileTooBig } from './ingest-file';
import type { ContextItemRow } from './items';

export interface PastedText {
  context: string;
  name?: string;
}

/**
 * POST /api/context/ingest/text: pasted text as an item of the app, held to the plan's file size. `readText` reads
 * the request body, refusing it once it passes the size it is given (so a body far too big is never read whole).
 */
export async function addPastedText(
  b: Builder,
  app: AppRow,
  readText: (maxBytes: number) => Promise<PastedText>,
): Promise<ContextItemRow> {
  const max = maxFileBytes(b.plan);
  const { context, name } = await readText(max);
  const bytes = new TextEncoder().encode(context);
  if (bytes.length > max) throw fileTooBig(max);
  return addStoredItem({
    builder: b,
    app,
    fields: {
      name: name || pastedTextName(),
      type: 'txt',
      source: 'local files',
      size: bytes.length,
      mimeType: null,
    },
    bytes,
    blobName: 'pasted.txt',
    files: 0,
  });
}

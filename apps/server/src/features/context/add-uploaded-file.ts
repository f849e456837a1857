import { maxFileBytes } from '@buildai/domain';
import type { AppRow } from '../apps';
import { addStoredItem, loadItemOfApp, type Builder } from './ingest';
import { checkUpload } from './ingest-file';
import type { ContextItemRow } from './items';
import type { DocxLimits } from './parse/docx';
import { assertRoomForItems } from './limits';

export interface AddUploadedFileOptions {
  builder: Builder;
  app: AppRow;
  /** an item of the app this file replaces: it does not count against the limits */
  replaceItemId?: string;
  /** reads the uploaded file, refusing a body past `maxBytes` */
  readFile: (maxBytes: number) => Promise<{ name: string; bytes: Uint8Array }>;
  docxLimits?: DocxLimits;
}

/**
 * POST /api/context/ingest/file: an uploaded file as an item of the app. The plan's room is checked before the
 * file is read (a plan with none refuses it unread) and again, under the account's lock, when the item is added.
 */
export async function addUploadedFile({
  builder: b,
  app,
  replaceItemId,
  readFile,
  docxLimits,
}: AddUploadedFileOptions): Promise<ContextItemRow> {
  const exceptItemId = replaceItemId
    ? (await loadItemOfApp(b.platform, app.appId, replaceItemId)).id
    : undefined;
  await assertRoomForItems({
    tx: b.platform.db,
    accountId: b.account.accountId,
    plan: b.plan,
    adding: { items: 1, files: 1 },
    exceptItemId,
  });
  const file = await readFile(maxFileBytes(b.plan));
  const kind = await checkUpload(file.name, file.bytes, docxLimits);
  return addStoredItem({
    builder: b,
    app,
    fields: {
      name: file.name,
      type: kind.type,
      source: 'local files',
      size: file.bytes.length,
      mimeType: kind.mimeType,
    },
    bytes: file.bytes,
    blobName: `original.${kind.ext}`,
    files: 1,
    exceptItemId,
  });
}

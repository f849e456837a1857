import { AppError, type IngestMetadataItem } from '@buildai/domain';
import type { AppRow } from '../apps';
import { addItems, type Builder } from './ingest';
import type { ContextItemRow } from './items';

/** POST /api/context/ingest/metadata: items of Notion or Google Drive, read by the ingestion job. */
export async function addImportedItems(
  b: Builder,
  app: AppRow,
  items: IngestMetadataItem[],
): Promise<ContextItemRow[]> {
  const local = items.findIndex((i) => i.source === 'local files');
  if (local >= 0) {
    throw new AppError('request/invalid', {
      message: `contextItems.${local}.source: local files are uploaded, not imported`,
      field: `contextItems.${local}.source`,
    });
  }
  return addItems({
    builder: b,
    app,
    fields: items.map((i) => ({
      name: i.name,
      type: i.type,
      source: i.source,
      providerItemId: i.providerItemId,
      provider: i.provider,
      externalFileId: i.externalFileId ?? null,
      externalFileUrl: i.externalFileUrl ?? null,
    })),
    files: 0,
  });
}

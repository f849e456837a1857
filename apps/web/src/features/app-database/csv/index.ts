// CSV import and export of an entity (spec 001 §4, §5, §7–§9). Filled in by the CSV work; the signatures are fixed.
import type { EntitySchema } from '@buildai/domain';

export interface CsvImportDialogProps {
  appId: string;
  entity: string;
  schema: EntitySchema;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the import ended (all or some rows created): the table refreshes */
  onImported: () => void;
}

/** The import wizard: upload, mapping (suggested), importing, done. */
export function CsvImportDialog(_props: CsvImportDialogProps): null {
  return null;
}

/**
 * Downloads `{entity}_export_{YYYY-MM-DD}.csv` of every record; resolves false (and shows 'No data to export') when
 * there is none.
 */
export async function exportEntityCsv(_options: { appId: string; entity: string; schema: EntitySchema }): Promise<boolean> {
  return false;
}

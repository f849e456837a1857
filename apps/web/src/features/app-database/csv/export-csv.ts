import Papa from 'papaparse';
import {
  csvExportFileName,
  databaseTexts,
  neutraliseCsvCell,
  RECORD_SYSTEM_FIELDS,
  type EntityRecord,
  type EntitySchema,
} from '@buildai/domain';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { listAllRecords } from '../api/records';

/** Excel reads a CSV file as UTF-8 only when it starts with a byte order mark. */
const UTF8_BOM = '\uFEFF';

/** The exported columns: the entity's properties in order, then id, createdAt and creatorId. */
export function exportColumns(schema: Pick<EntitySchema, 'properties'>): string[] {
  return [...Object.keys(schema.properties), ...RECORD_SYSTEM_FIELDS];
}

/**
 * One cell as exported: empty for no value, numbers and booleans as they are, objects and arrays as JSON text,
 * and any text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) neutralised.
 */
export function exportCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return neutraliseCsvCell(value);
  return neutraliseCsvCell(JSON.stringify(value));
}

/** The CSV text of the records (with the byte order mark), header row first, lines ending in CRLF. */
export function recordsToCsv(records: EntityRecord[], schema: Pick<EntitySchema, 'properties'>): string {
  const fields = exportColumns(schema);
  const data = records.map((record) => fields.map((field) => exportCell(record[field])));
  return UTF8_BOM + Papa.unparse({ fields: fields.map(neutraliseCsvCell), data }, { newline: '\r\n' });
}

/** Hands a text file to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has handed the file over; the address is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads `{entity}_export_{YYYY-MM-DD}.csv` of every record; resolves false (and shows 'No data to export') when
 * there is none, or false with the error's message when the records could not be read.
 */
export async function exportEntityCsv(options: {
  appId: string;
  entity: string;
  schema: EntitySchema;
}): Promise<boolean> {
  let records: EntityRecord[];
  try {
    records = await listAllRecords(options.appId, options.entity);
  } catch (err) {
    toast({ variant: 'destructive', title: errorMessage(err) });
    return false;
  }
  if (records.length === 0) {
    toast({ title: databaseTexts.noDataToExport });
    return false;
  }
  downloadText(csvExportFileName(options.entity), recordsToCsv(records, options.schema));
  return true;
}

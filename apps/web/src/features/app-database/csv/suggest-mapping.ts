import {
  CSV_PREVIEW_ROWS,
  ENTITY_NAME_PATTERN,
  fallbackCsvMapping,
  generateMappingResponse,
  MAX_CSV_HEADERS,
  MAX_CSV_PREVIEW_CELL,
  type CsvMapping,
  type EntitySchema,
  type GenerateMappingRequest,
} from '@buildai/domain';
import { api } from '@/lib/api-client';

export interface SuggestedMapping {
  mappings: CsvMapping[];
  /** the model's suggestion could not be had: these are the basic mapping's (the wizard says so) */
  fallback: boolean;
}

/** POST /api/csv/generateMapping (spec 001 §7). */
export function generateMapping(body: GenerateMappingRequest, signal?: AbortSignal) {
  return api<unknown>('/api/csv/generateMapping', { method: 'POST', body, signal });
}

/**
 * The mapping the wizard starts from: the model's, asked with the first 5 rows, or, when that fails, the basic
 * case-insensitive mapping (`fallbackCsvMapping`). One mapping per header, in the headers' order.
 */
export async function suggestMapping(
  input: { headers: string[]; rows: string[][]; schema: EntitySchema; entityName: string },
  signal?: AbortSignal,
): Promise<SuggestedMapping> {
  const fallback = fallbackCsvMapping(input.headers, input.schema);
  // more columns than the call takes, or a name it refuses: nothing to ask
  if (input.headers.length > MAX_CSV_HEADERS || !ENTITY_NAME_PATTERN.test(input.entityName)) {
    return { mappings: fallback, fallback: true };
  }
  try {
    const answer = generateMappingResponse.parse(
      await generateMapping(
        {
          headers: input.headers,
          previewData: input.rows
            .slice(0, CSV_PREVIEW_ROWS)
            .map((row) => row.slice(0, MAX_CSV_HEADERS).map((cell) => cell.slice(0, MAX_CSV_PREVIEW_CELL))),
          schema: input.schema,
          entityName: input.entityName,
        },
        signal,
      ),
    );
    const byHeader = new Map(answer.mappings.map((m) => [m.csvHeader, m]));
    return { mappings: input.headers.map((h, i) => byHeader.get(h) ?? fallback[i]!), fallback: false };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { mappings: fallback, fallback: true };
  }
}

import {
  csvDataTypes,
  csvMappingFor,
  csvSplitCharacters,
  csvTargetFields,
  fallbackCsvMapping,
  isCsvStringArray,
  type CsvDataType,
  type CsvMapping,
  type CsvSplitCharacter,
  type EntitySchema,
} from '@buildai/domain';

/** One entry of the model's answer, as loose as the model may write it (each part is checked here). */
export interface ProposedMapping {
  csvHeader: string;
  schemaField: string;
  dataType: string;
  splitCharacter?: string | null;
}

/**
 * The model's mapping held to the request: one mapping per header, in the headers' order. An entry is taken when
 * its header is one of the headers (the first entry of a header counts), its field is '' or one of the entity's
 * fields (`csvTargetFields`) and its data type one of the five. A string-array field is split (by the model's
 * character when it is one of the five, else a comma) unless the model read its cells as JSON; no other field is
 * split. A header the model left out or answered wrongly gets the
 * basic mapping (`fallbackCsvMapping`). A field named by two headers keeps the first; the later one is not imported.
 */
export function checkCsvMappings(
  headers: string[],
  schema: Pick<EntitySchema, 'properties'>,
  proposed: readonly ProposedMapping[],
): CsvMapping[] {
  const fields = new Map(csvTargetFields(schema).map((f) => [f.path, f.property]));
  const byHeader = new Map<string, ProposedMapping>();
  for (const entry of proposed) if (!byHeader.has(entry.csvHeader)) byHeader.set(entry.csvHeader, entry);
  const fallback = fallbackCsvMapping(headers, schema);

  const taken = new Set<string>();
  return headers.map((header, i) => {
    const entry = byHeader.get(header);
    let mapping = fallback[i]!;
    if (entry && isDataType(entry.dataType) && (entry.schemaField === '' || fields.has(entry.schemaField))) {
      if (entry.schemaField === '') {
        mapping = { csvHeader: header, schemaField: '', dataType: entry.dataType };
      } else {
        const property = fields.get(entry.schemaField)!;
        if (!isCsvStringArray(property)) {
          mapping = { csvHeader: header, schemaField: entry.schemaField, dataType: entry.dataType };
        } else if (entry.dataType === 'json') {
          // cells written as JSON arrays: parsed, not split
          mapping = { csvHeader: header, schemaField: entry.schemaField, dataType: 'json' };
        } else {
          const split = isSplitCharacter(entry.splitCharacter) ? entry.splitCharacter : ',';
          mapping = { ...csvMappingFor(header, entry.schemaField, property), splitCharacter: split };
        }
      }
    }
    if (mapping.schemaField && taken.has(mapping.schemaField)) {
      return { csvHeader: header, schemaField: '', dataType: mapping.dataType };
    }
    if (mapping.schemaField) taken.add(mapping.schemaField);
    return mapping;
  });
}

function isDataType(value: unknown): value is CsvDataType {
  return (csvDataTypes as readonly unknown[]).includes(value);
}

function isSplitCharacter(value: unknown): value is CsvSplitCharacter {
  return (csvSplitCharacters as readonly unknown[]).includes(value);
}

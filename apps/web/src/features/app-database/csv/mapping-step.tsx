import * as React from 'react';
import { AlertTriangle, ArrowRight, Info, Loader2 } from 'lucide-react';
import {
  CSV_ID_FIELD,
  csvMappingFor,
  csvTargetFields,
  databaseTexts,
  isCsvStringArray,
  type CsvDataType,
  type CsvSplitCharacter,
  type EntityProperty,
  type ReadCsvMapping,
} from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import {
  CSV_DELIMITERS,
  CSV_ENCODINGS,
  DELIMITER_LABELS,
  type CsvDelimiter,
  type ParsedCsv,
} from './parse-csv';

export const DATA_TYPE_LABELS: Record<CsvDataType, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'True / false',
  datetime: 'Date & time',
  json: 'JSON',
};

export const SPLIT_LABELS: Record<CsvSplitCharacter, string> = {
  ',': 'Split by ,',
  ';': 'Split by ;',
  '|': 'Split by |',
  '\n': 'Split by line',
  '\t': 'Split by tab',
};

export const DONT_IMPORT = "Don't import";
/** Columns shown at first: a file of thousands of columns reaches the mapping at once, the rest on request. */
export const MAPPING_ROWS_SHOWN = 100;
export const DELIMITER_UNKNOWN =
  "We couldn't tell how this file's columns are separated. Choose the delimiter to see its columns.";
export const ID_COLUMN_NOTE = `Kept as ${CSV_ID_FIELD}: the app database gives every record its own id.`;
export const SUGGESTING = 'Suggesting a mapping…';

type Fields = { path: string; property: EntityProperty }[];

/**
 * The mapping after a field is chosen for one column: the field's own type (and a comma split for a list of
 * strings); a field another column had is taken from it, so no column silently overwrites another.
 */
export function chooseField(
  mappings: ReadCsvMapping[],
  index: number,
  path: string,
  fields: Fields,
): ReadCsvMapping[] {
  const header = mappings[index]!.csvHeader;
  const field = fields.find((f) => f.path === path);
  return mappings.map((m, i) => {
    if (i === index) {
      if (field) return csvMappingFor(header, field.path, field.property);
      return path === CSV_ID_FIELD
        ? { csvHeader: header, schemaField: CSV_ID_FIELD, dataType: 'text' }
        : { csvHeader: header, schemaField: '', dataType: 'text' };
    }
    return path && m.schemaField === path
      ? { csvHeader: m.csvHeader, schemaField: '', dataType: m.dataType }
      : m;
  });
}

/** The first non-empty value of a column in the preview rows, for the builder to recognise it. */
function sampleOf(rows: string[][], column: number): string | null {
  for (const row of rows.slice(0, 5)) {
    const cell = row[column]?.trim();
    if (cell) return cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
  }
  return null;
}

/** The wizard's second step: one row per CSV column with the field it goes into, its type and its split. */
export function MappingStep({
  headers,
  rows,
  schema,
  mappings,
  fallback,
  onChange,
  csv,
  onReread,
}: {
  headers: string[];
  rows: string[][];
  schema: { properties: Record<string, EntityProperty> };
  /** null while the suggestion is being asked for */
  mappings: ReadCsvMapping[] | null;
  fallback: boolean;
  onChange: (mappings: ReadCsvMapping[]) => void;
  /** the file as read: its encoding and delimiter, which the builder can change */
  csv?: ParsedCsv;
  onReread?: (change: { encoding?: string; delimiter?: CsvDelimiter }) => void;
}) {
  const fields = csvTargetFields(schema);
  const propertyOf = new Map(fields.map((f) => [f.path, f.property]));
  const [shown, setShown] = React.useState(MAPPING_ROWS_SHOWN);
  const reading = csv && onReread && <FileReading csv={csv} onReread={onReread} />;

  if (!mappings) {
    return (
      <div className="grid gap-3" aria-busy="true">
        {reading}
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {SUGGESTING}
        </p>
        {headers.slice(0, 4).map((h) => (
          <Skeleton key={h} className="h-12 w-full" />
        ))}
      </div>
    );
  }

  const update = (index: number, change: Partial<ReadCsvMapping>) =>
    onChange(mappings.map((m, i) => (i === index ? { ...m, ...change } : m)));

  return (
    <div className="grid gap-3">
      {reading}
      {fallback && (
        <Alert variant="info" role="status">
          <Info aria-hidden />
          <AlertDescription>{databaseTexts.mappingFallback}</AlertDescription>
        </Alert>
      )}
      <div className="hidden grid-cols-[minmax(0,1fr)_1rem_minmax(0,1fr)_minmax(0,0.9fr)] gap-3 px-1 text-xs font-medium text-muted-foreground sm:grid">
        <span>CSV column</span>
        <span />
        <span>Import into</span>
        <span>As</span>
      </div>
      <ul className="grid max-h-[min(50vh,26rem)] gap-2 overflow-y-auto pr-1" aria-label="Column mapping">
        {mappings.slice(0, shown).map((mapping, index) => {
          const header = headers[index] ?? mapping.csvHeader;
          const sample = sampleOf(rows, index);
          const property = propertyOf.get(mapping.schemaField);
          const splittable = !!property && isCsvStringArray(property) && mapping.dataType === 'text';
          const skipped = !mapping.schemaField;
          const idColumn = mapping.schemaField === CSV_ID_FIELD && !propertyOf.has(CSV_ID_FIELD);
          return (
            <li
              key={header}
              className="grid grid-cols-2 items-start gap-x-3 gap-y-2 rounded-lg border bg-card p-3 sm:items-center sm:grid-cols-[minmax(0,1fr)_1rem_minmax(0,1fr)_minmax(0,0.9fr)]"
            >
              <div className="col-span-2 min-w-0 sm:col-span-1">
                <p className="truncate text-sm font-medium" title={header}>
                  {header}
                </p>
                <p className="truncate text-xs text-muted-foreground" title={sample ?? undefined}>
                  {sample ? `e.g. ${sample}` : 'No values in the first rows'}
                </p>
                {idColumn && <p className="text-xs text-muted-foreground">{ID_COLUMN_NOTE}</p>}
              </div>
              <ArrowRight className="hidden size-4 text-muted-foreground sm:block" aria-hidden />
              <NativeSelect
                aria-label={`Field for ${header}`}
                value={mapping.schemaField}
                className={skipped ? 'text-muted-foreground' : undefined}
                onChange={(e) => onChange(chooseField(mappings, index, e.target.value, fields))}
              >
                <option value="">{DONT_IMPORT}</option>
                {(idColumn || header.trim().toLowerCase() === 'id') && !propertyOf.has(CSV_ID_FIELD) && (
                  <option value={CSV_ID_FIELD}>{CSV_ID_FIELD} (new field)</option>
                )}
                {fields.map((f) => (
                  <option key={f.path} value={f.path}>
                    {f.path}
                  </option>
                ))}
              </NativeSelect>
              <div className="grid gap-2">
                <NativeSelect
                  aria-label={`Data type for ${header}`}
                  value={mapping.dataType}
                  disabled={skipped}
                  onChange={(e) => {
                    const dataType = e.target.value as CsvDataType;
                    const split = property && isCsvStringArray(property) && dataType === 'text';
                    update(index, {
                      dataType,
                      splitCharacter: split ? (mapping.splitCharacter ?? ',') : undefined,
                      // read again from the column's values for the new type
                      decimalSeparator: undefined,
                      dateOrder: undefined,
                    });
                  }}
                >
                  {Object.entries(DATA_TYPE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
                {!skipped && mapping.dataType === 'number' && !splittable && (
                  <NativeSelect
                    aria-label={`Number format for ${header}`}
                    value={mapping.decimalSeparator ?? '.'}
                    onChange={(e) => update(index, { decimalSeparator: e.target.value as '.' | ',' })}
                  >
                    <option value="." title="Decimal point">
                      1,234.5 (point)
                    </option>
                    <option value="," title="Decimal comma">
                      1.234,5 (comma)
                    </option>
                  </NativeSelect>
                )}
                {!skipped && mapping.dataType === 'datetime' && !splittable && (
                  <NativeSelect
                    aria-label={`Date order for ${header}`}
                    value={mapping.dateOrder ?? 'mdy'}
                    onChange={(e) => update(index, { dateOrder: e.target.value as 'dmy' | 'mdy' })}
                  >
                    <option value="dmy" title="Day first">
                      DD/MM/YYYY
                    </option>
                    <option value="mdy" title="Month first">
                      MM/DD/YYYY
                    </option>
                  </NativeSelect>
                )}
                {splittable && (
                  <NativeSelect
                    aria-label={`Split character for ${header}`}
                    value={mapping.splitCharacter ?? ','}
                    onChange={(e) => update(index, { splitCharacter: e.target.value as CsvSplitCharacter })}
                  >
                    {Object.entries(SPLIT_LABELS).map(([value, label]) => (
                      <option key={label} value={value}>
                        {label}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {mappings.length > shown && (
        <Button variant="outline" size="sm" onClick={() => setShown(mappings.length)}>
          Show all {mappings.length} columns ({mappings.length - shown} more)
        </Button>
      )}
    </div>
  );
}

/** How the file was read: its encoding and delimiter, detected and changeable (read again on change). */
function FileReading({
  csv,
  onReread,
}: {
  csv: ParsedCsv;
  onReread: (change: { encoding?: string; delimiter?: CsvDelimiter }) => void;
}) {
  const encodings = CSV_ENCODINGS.some((e) => e.value === csv.encoding)
    ? CSV_ENCODINGS
    : [{ value: csv.encoding, label: csv.encoding }, ...CSV_ENCODINGS];
  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-2 gap-2 text-xs">
        <label className="grid gap-1">
          <span className="font-medium text-muted-foreground">Text encoding</span>
          <NativeSelect
            aria-label="Text encoding"
            value={csv.encoding}
            onChange={(e) => onReread({ encoding: e.target.value })}
          >
            {encodings.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1">
          <span className="font-medium text-muted-foreground">Columns separated by</span>
          <NativeSelect
            aria-label="Delimiter"
            value={csv.delimiterDetected ? csv.delimiter : ''}
            aria-invalid={!csv.delimiterDetected || undefined}
            onChange={(e) => e.target.value && onReread({ delimiter: e.target.value as CsvDelimiter })}
          >
            {!csv.delimiterDetected && <option value="">Choose…</option>}
            {CSV_DELIMITERS.map((d) => (
              <option key={d} value={d}>
                {DELIMITER_LABELS[d]}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      {!csv.delimiterDetected && (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden />
          <AlertDescription>{DELIMITER_UNKNOWN}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

import { ArrowRight, Info, Loader2 } from 'lucide-react';
import {
  csvMappingFor,
  csvTargetFields,
  databaseTexts,
  isCsvStringArray,
  type CsvDataType,
  type CsvMapping,
  type CsvSplitCharacter,
  type EntityProperty,
} from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';

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
export const SUGGESTING = 'Suggesting a mapping…';

type Fields = { path: string; property: EntityProperty }[];

/**
 * The mapping after a field is chosen for one column: the field's own type (and a comma split for a list of
 * strings); a field another column had is taken from it, so no column silently overwrites another.
 */
export function chooseField(
  mappings: CsvMapping[],
  index: number,
  path: string,
  fields: Fields,
): CsvMapping[] {
  const header = mappings[index]!.csvHeader;
  const field = fields.find((f) => f.path === path);
  return mappings.map((m, i) => {
    if (i === index) {
      return field
        ? csvMappingFor(header, field.path, field.property)
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
}: {
  headers: string[];
  rows: string[][];
  schema: { properties: Record<string, EntityProperty> };
  /** null while the suggestion is being asked for */
  mappings: CsvMapping[] | null;
  fallback: boolean;
  onChange: (mappings: CsvMapping[]) => void;
}) {
  const fields = csvTargetFields(schema);
  const propertyOf = new Map(fields.map((f) => [f.path, f.property]));

  if (!mappings) {
    return (
      <div className="grid gap-3" aria-busy="true">
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

  const update = (index: number, change: Partial<CsvMapping>) =>
    onChange(mappings.map((m, i) => (i === index ? { ...m, ...change } : m)));

  return (
    <div className="grid gap-3">
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
        {mappings.map((mapping, index) => {
          const header = headers[index] ?? mapping.csvHeader;
          const sample = sampleOf(rows, index);
          const property = propertyOf.get(mapping.schemaField);
          const splittable = !!property && isCsvStringArray(property) && mapping.dataType === 'text';
          const skipped = !mapping.schemaField;
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
              </div>
              <ArrowRight className="hidden size-4 text-muted-foreground sm:block" aria-hidden />
              <NativeSelect
                aria-label={`Field for ${header}`}
                value={mapping.schemaField}
                className={skipped ? 'text-muted-foreground' : undefined}
                onChange={(e) => onChange(chooseField(mappings, index, e.target.value, fields))}
              >
                <option value="">{DONT_IMPORT}</option>
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
                    });
                  }}
                >
                  {Object.entries(DATA_TYPE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
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
    </div>
  );
}

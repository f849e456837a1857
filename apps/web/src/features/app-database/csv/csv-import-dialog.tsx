import * as React from 'react';
import {
  databaseTexts,
  keepCsvIdColumn,
  needsColumnReading,
  withColumnReadings,
  type EntitySchema,
  type ReadCsvMapping,
} from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { bulkCreateRecords } from '../api/records';
import { downloadText } from './export-csv';
import { ImportProgress, ImportResult } from './import-result';
import { MappingStep } from './mapping-step';
import { CsvFileError, isCsvFileName, readCsvFile, rereadCsv, type ParsedCsv } from './parse-csv';
import { runImport, type ImportOutcome } from './run-import';
import { suggestMapping } from './suggest-mapping';
import { UPLOAD_TEXTS, UploadStep } from './upload-step';

export interface CsvImportDialogProps {
  appId: string;
  entity: string;
  schema: EntitySchema;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the import ended (all or some rows created): the table refreshes */
  onImported: () => void;
}

/** The wizard's states (spec 001 §4): upload, then mapping (suggested), then importing, then done. */
type Step =
  | { name: 'upload'; reading: boolean; error: string | null }
  | { name: 'mapping'; csv: ParsedCsv; mappings: ReadCsvMapping[] | null; fallback: boolean }
  | { name: 'importing'; csv: ParsedCsv; mappings: ReadCsvMapping[]; done: number }
  | { name: 'done'; csv: ParsedCsv; mappings: ReadCsvMapping[]; outcome: ImportOutcome };

const START: Step = { name: 'upload', reading: false, error: null };

/** The import wizard: upload, mapping (suggested), importing, done. */
export function CsvImportDialog({
  appId,
  entity,
  schema,
  open,
  onOpenChange,
  onImported,
}: CsvImportDialogProps) {
  const [step, setStep] = React.useState<Step>(START);
  const asking = React.useRef<AbortController | null>(null);
  const content = React.useRef<HTMLDivElement>(null);
  const importing = step.name === 'importing';

  // a closed wizard starts over; the suggestion still on its way is no longer wanted
  React.useEffect(() => {
    if (open) return;
    asking.current?.abort();
    setStep(START);
  }, [open]);
  React.useEffect(() => () => asking.current?.abort(), []);

  const close = (next: boolean) => {
    if (!next && importing) return; // not dismissible while importing
    onOpenChange(next);
  };

  const takeFile = async (file: File) => {
    if (!isCsvFileName(file.name)) {
      setStep({ name: 'upload', reading: false, error: UPLOAD_TEXTS.onlyCsv });
      return;
    }
    // focus on the dialog while it is small: the picker is disabled and then gone, and focus left on the page would be
    // moved back into the dialog once the mapping step is drawn, laying out its rows at once
    content.current?.focus({ preventScroll: true });
    setStep({ name: 'upload', reading: true, error: null });
    let csv: ParsedCsv;
    try {
      csv = await readCsvFile(file);
    } catch (err) {
      const error = err instanceof CsvFileError ? err.message : databaseTexts.csvParseFailed;
      setStep({ name: 'upload', reading: false, error });
      return;
    }
    await startMapping(csv);
  };

  /** The mapping step of a file read (again): the suggestion, then each column's reading from the whole file. */
  const startMapping = async (csv: ParsedCsv) => {
    setStep({ name: 'mapping', csv, mappings: null, fallback: false });
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    try {
      const { mappings, fallback } = await suggestMapping(
        { headers: csv.headers, rows: csv.preview, schema, entityName: entity },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      const read = withColumnReadings(csv.headers, csv, keepCsvIdColumn(mappings));
      setStep((s) => (s.name === 'mapping' && s.csv === csv ? { ...s, mappings: read, fallback } : s));
    } catch {
      // aborted: the wizard was closed or another file taken
    }
  };

  const startImport = async (csv: ParsedCsv, mappings: ReadCsvMapping[]) => {
    setStep({ name: 'importing', csv, mappings, done: 0 });
    const outcome = await runImport({
      headers: csv.headers,
      rows: csv.rows,
      rowNumbers: csv.rowNumbers,
      mappings,
      send: (records) => bulkCreateRecords(appId, entity, records),
      onProgress: (done) => setStep((s) => (s.name === 'importing' ? { ...s, done } : s)),
    });
    setStep({ name: 'done', csv, mappings, outcome });
    if (outcome.created > 0) onImported();
  };

  // the entity's fields as a header row, so a spreadsheet can be filled in and imported as it is
  const template = () =>
    downloadText(`${entity}_template.csv`, `\uFEFF${Object.keys(schema.properties).join(',')}\r\n`);

  const mappedCount =
    step.name === 'mapping' && step.mappings ? step.mappings.filter((m) => m.schemaField).length : 0;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        ref={content}
        className="sm:max-w-2xl"
        showCloseButton={!importing}
        onEscapeKeyDown={(e) => importing && e.preventDefault()}
        onInteractOutside={(e) => importing && e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Import CSV into {entity}</DialogTitle>
          <DialogDescription>{describe(step)}</DialogDescription>
        </DialogHeader>

        {step.name === 'upload' && (
          <UploadStep
            entity={entity}
            reading={step.reading}
            error={step.error}
            onFile={(file) => void takeFile(file)}
            onTemplate={template}
          />
        )}
        {step.name === 'mapping' && (
          <MappingStep
            headers={step.csv.headers}
            rows={step.csv.preview}
            schema={schema}
            mappings={step.mappings}
            fallback={step.fallback}
            onChange={(mappings) =>
              setStep({
                ...step,
                mappings: mappings.map((m) =>
                  needsColumnReading(m) ? withColumnReadings(step.csv.headers, step.csv, [m])[0]! : m,
                ),
              })
            }
            csv={step.csv}
            onReread={(change) => {
              try {
                void startMapping(rereadCsv(step.csv, change));
              } catch (err) {
                const error = err instanceof CsvFileError ? err.message : databaseTexts.csvParseFailed;
                setStep({ name: 'upload', reading: false, error });
              }
            }}
          />
        )}
        {step.name === 'importing' && <ImportProgress done={step.done} total={step.csv.rowCount} />}
        {step.name === 'done' && <ImportResult outcome={step.outcome} />}

        {!importing && (
          <DialogFooter className="flex-col gap-3 sm:items-center sm:justify-between">
            {step.name === 'mapping' && step.mappings ? (
              <p className="text-center text-xs text-muted-foreground sm:text-left">
                {mappedCount} of {step.mappings.length} columns will be imported
              </p>
            ) : (
              <span className="hidden sm:block" />
            )}
            <div className="grid grid-cols-2 gap-2 sm:flex">
              {step.name === 'done' ? (
                <>
                  {step.outcome.requestsFailed && (
                    <Button variant="outline" onClick={() => void startImport(step.csv, step.mappings)}>
                      Try again
                    </Button>
                  )}
                  <Button
                    className={step.outcome.requestsFailed ? undefined : 'col-span-2'}
                    onClick={() => close(false)}
                  >
                    Done
                  </Button>
                </>
              ) : (
                <>
                  {step.name === 'mapping' && (
                    <Button
                      variant="ghost"
                      className="order-last col-span-2 sm:order-none"
                      onClick={() => setStep(START)}
                    >
                      Choose another file
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    className={step.name === 'mapping' ? undefined : 'col-span-2'}
                    onClick={() => close(false)}
                  >
                    Cancel
                  </Button>
                  {step.name === 'mapping' && (
                    <Button
                      disabled={!step.mappings || mappedCount === 0 || !step.csv.delimiterDetected}
                      onClick={() => step.mappings && void startImport(step.csv, step.mappings)}
                    >
                      Import {step.csv.rowCount} {step.csv.rowCount === 1 ? 'row' : 'rows'}
                    </Button>
                  )}
                </>
              )}
            </div>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function describe(step: Step): string {
  switch (step.name) {
    case 'upload':
      return 'Add records from a CSV file.';
    case 'mapping':
      return `${step.csv.fileName} · ${step.csv.rowCount} ${step.csv.rowCount === 1 ? 'row' : 'rows'}. Choose the field each column goes into.`;
    case 'importing':
      return `Importing ${step.csv.fileName}.`;
    case 'done':
      return `${step.csv.fileName} · ${step.csv.rowCount} ${step.csv.rowCount === 1 ? 'row' : 'rows'}`;
  }
}

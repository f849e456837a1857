import * as React from 'react';
import { Download, FileSpreadsheet, Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export const UPLOAD_TEXTS = {
  choose: 'Choose a CSV file or drop it here',
  hint: 'The first row must hold the column names.',
  onlyCsv: 'Only .csv files can be imported',
  reading: 'Reading the file…',
  template: 'Download a template',
} as const;

/** The wizard's first step: a drop zone and file picker for one .csv file, and why a file was refused. */
export function UploadStep({
  entity,
  reading,
  error,
  onFile,
  onTemplate,
}: {
  entity: string;
  reading: boolean;
  error: string | null;
  onFile: (file: File) => void;
  onTemplate: () => void;
}) {
  const [dragging, setDragging] = React.useState(false);
  return (
    <div className="grid gap-3">
      <label
        data-testid="csv-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (file) onFile(file);
        }}
        className={cn(
          'flex min-h-44 cursor-pointer flex-col has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/40 items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors hover:border-primary/50 hover:bg-accent/40',
          dragging && 'border-primary bg-accent',
          error && 'border-destructive/50',
          reading && 'pointer-events-none opacity-60',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
          {reading ? (
            <Loader2 className="size-5 animate-spin" aria-hidden />
          ) : (
            <FileSpreadsheet className="size-5" aria-hidden />
          )}
        </span>
        <span className="text-sm font-medium">{reading ? UPLOAD_TEXTS.reading : UPLOAD_TEXTS.choose}</span>
        <span className="text-xs text-muted-foreground">
          {UPLOAD_TEXTS.hint} Rows become {entity} records.
        </span>
        <input
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="Choose a CSV file"
          disabled={reading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onTemplate}>
          <Download aria-hidden />
          {UPLOAD_TEXTS.template}
        </Button>
      </div>
    </div>
  );
}

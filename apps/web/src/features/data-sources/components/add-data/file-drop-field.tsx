import * as React from 'react';
import { UploadCloud } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { acceptFor, extensionsLabel, formatBytes, type FileOption } from '../../lib/data-rules';

/** A drop zone and file picker for one kind of file, with the upload's progress. */
export function FileDropField({
  fileOption,
  file,
  pickFile,
  fieldError,
  busy,
  progress,
}: {
  fileOption: FileOption;
  file: File | null;
  pickFile: (file: File | null) => void;
  fieldError: string | null;
  busy: boolean;
  progress: number | null;
}) {
  const [dragging, setDragging] = React.useState(false);
  return (
    <div className="grid gap-2">
      <label
        htmlFor="data-source-file"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          pickFile(e.dataTransfer.files[0] ?? null);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-dashed px-4 py-6 text-center transition-colors hover:bg-accent/50',
          dragging && 'border-primary bg-accent',
          fieldError && 'border-destructive/60',
          busy && 'pointer-events-none opacity-60',
        )}
      >
        <UploadCloud className="size-6 text-muted-foreground" aria-hidden />
        {file ? (
          <span className="max-w-full truncate text-sm font-medium">
            {file.name} <span className="font-normal text-muted-foreground">({formatBytes(file.size)})</span>
          </span>
        ) : (
          <span className="text-sm font-medium">Choose a file or drop it here</span>
        )}
        <span className="text-xs text-muted-foreground">{extensionsLabel(fileOption)} files</span>
      </label>
      <input
        id="data-source-file"
        type="file"
        className="sr-only"
        accept={acceptFor(fileOption)}
        aria-label="Choose a file"
        disabled={busy}
        onChange={(e) => {
          pickFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      {progress !== null && (
        <div className="grid gap-1.5">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>{progress < 100 ? 'Uploading…' : 'Processing…'}</span>
            <span className="tabular-nums">{progress}%</span>
          </div>
          <Progress value={progress} aria-label="Upload progress" />
        </div>
      )}
    </div>
  );
}

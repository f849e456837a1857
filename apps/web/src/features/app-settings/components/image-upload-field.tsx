import * as React from 'react';
import { ImagePlus, Loader2, Trash2, Upload } from 'lucide-react';
import { builderMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/builder-api/image-file';
import { uploadAppImage, type AppImageKind } from '../api/upload-image';

interface Props {
  appId: string;
  kind: AppImageKind;
  label: string;
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
}

/** An image of the app's branding: upload with progress, preview, replace and remove. */
export function ImageUploadField({ appId, kind, label, value, onChange, disabled }: Props) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const abortRef = React.useRef<AbortController | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const id = `style-${kind}`;
  React.useEffect(() => () => abortRef.current?.abort(), []);

  async function upload(file: File) {
    const problem = imageFileProblem(file);
    if (problem) return void toastError(problem);
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const url = await uploadAppImage(appId, kind, file, {
        onProgress: setProgress,
        signal: controller.signal,
      });
      onChange(url);
      toast({ title: builderMessages.imageUploaded });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toastError(builderMessages.imageUploadFailed, errorMessage(err));
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        disabled={disabled || uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {uploading ? (
        <div className="grid gap-2 rounded-lg border px-3 py-3">
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <Loader2 className="size-3.5 animate-spin" />
              Uploading…
            </span>
            <span className="tabular-nums">{progress}%</span>
            <Button type="button" variant="ghost" size="sm" onClick={() => abortRef.current?.abort()}>
              Cancel
            </Button>
          </div>
          <Progress value={progress} aria-label={`Uploading ${label.toLowerCase()}`} />
        </div>
      ) : value ? (
        <div className="flex items-center gap-3 rounded-lg border p-2">
          <img
            src={value}
            alt={`${label} preview`}
            className="size-14 shrink-0 rounded-md border bg-[repeating-conic-gradient(#f3f4f6_0_25%,#fff_0_50%)] bg-[length:10px_10px] object-contain"
          />
          <div className="flex flex-1 flex-wrap justify-end gap-1.5">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
            >
              <Upload />
              Replace
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={disabled}
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => onChange('')}
            >
              <Trash2 />
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          className="flex flex-col items-center gap-1 rounded-lg border border-dashed px-3 py-4 text-center transition-colors hover:border-primary/40 hover:bg-accent/40 disabled:pointer-events-none disabled:opacity-50"
        >
          <ImagePlus className="size-5 text-muted-foreground" />
          <span className="text-sm font-medium">Upload {label.toLowerCase()}</span>
          <span className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, under 10 MB</span>
        </button>
      )}
    </div>
  );
}

import * as React from 'react';
import { ImagePlus, X } from 'lucide-react';
import { builderMessages, MAX_IMAGE_BYTES } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Photos are sent to the model at most this many pixels wide or high. */
export const PHOTO_MAX_SIDE = 1024;

/**
 * A data URL of the photo scaled down to PHOTO_MAX_SIDE as JPEG, so a run request stays small; the original when
 * the browser cannot draw it (or it is small already).
 */
async function shrinkPhoto(file: File): Promise<string> {
  const original = await readAsDataUrl(file);
  if (typeof createImageBitmap !== 'function') return original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return original;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const shrunk = canvas.toDataURL('image/jpeg', 0.85);
    return shrunk.length < original.length ? shrunk : original;
  } catch {
    return original;
  }
}

interface Props {
  id: string;
  name: string;
  /** a data URL (or an image address from a saved run), '' when empty */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** A photo field: pick an image, see it, send it as a data URL. */
export function PhotoInput({ id, name, value, onChange, disabled, invalid, describedBy }: Props) {
  const [fileName, setFileName] = React.useState('');
  const [error, setError] = React.useState('');
  const input = React.useRef<HTMLInputElement>(null);
  const isImage = /^(data:image\/|https?:\/\/|\/)/.test(value);

  async function pick(file: File | undefined) {
    setError('');
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Choose an image file');
    if (file.size >= MAX_IMAGE_BYTES) return setError(builderMessages.imageTooLarge);
    try {
      const url = await shrinkPhoto(file);
      setFileName(file.name);
      onChange(url);
    } catch {
      setError(builderMessages.imageUploadFailed);
    }
  }

  return (
    <div className="grid gap-2">
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {value && isImage ? (
        <div className="flex items-center gap-3 rounded-lg border bg-background p-2 pr-3">
          <img
            src={value}
            alt={fileName || 'Chosen photo'}
            className="size-16 shrink-0 rounded-md object-cover"
          />
          <span className="min-w-0 flex-1 truncate text-sm">{fileName || 'Photo'}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Remove photo"
            disabled={disabled}
            onClick={() => {
              setFileName('');
              onChange('');
            }}
          >
            <X />
          </Button>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className={cn(
            'flex w-full flex-col items-center gap-1 rounded-lg border border-dashed bg-background px-4 py-6 text-sm text-muted-foreground transition-colors hover:border-primary/60 hover:text-foreground disabled:opacity-50',
            invalid && 'border-destructive/60',
          )}
        >
          <ImagePlus className="size-5" />
          <span className="font-medium text-foreground">Choose a photo</span>
          <span className="text-xs">PNG, JPEG, GIF or WebP, under 10 MB</span>
        </button>
      )}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

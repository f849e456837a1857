import * as React from 'react';
import { ImagePlus, X } from 'lucide-react';
import { builderMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Images at or above this size are refused (spec 001 §9: uploads stay below 10,000,000 bytes). */
export const MAX_PHOTO_BYTES = 10_000_000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
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
    if (file.size >= MAX_PHOTO_BYTES) return setError(builderMessages.imageTooLarge);
    try {
      const url = await readAsDataUrl(file);
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

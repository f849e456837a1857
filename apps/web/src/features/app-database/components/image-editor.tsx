import * as React from 'react';
import { ImageUp, Loader2 } from 'lucide-react';
import { databaseTexts } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { IMAGE_CELL_MAX_BYTES } from '../lib/constants';
import type { EditorProps } from './cell-editors';

/**
 * The image cell's editor (spec 001 §5, §8): an address to type, or an image to upload (under 10,000,000 bytes,
 * else 'File size to large'). A stored upload's address is saved into the cell at once, with 'Image uploaded
 * successfully!' for 3 s; a failed one says 'Failed to upload image. Please try again.' and changes nothing.
 */
export function ImageEditor({
  value,
  column,
  onCommit,
  onCancel,
  onUpload,
}: EditorProps & { onUpload: (file: File) => Promise<string> }) {
  const [url, setUrl] = React.useState(() => (typeof value === 'string' ? value : ''));
  const [uploading, setUploading] = React.useState(false);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const closing = React.useRef(false);
  const close = (commit: boolean) => {
    if (closing.current || uploading) return;
    closing.current = true;
    const next = url.trim();
    if (commit && next !== (typeof value === 'string' ? value : '')) onCommit(next === '' ? null : next);
    else onCancel();
  };
  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      toastError(databaseTexts.imageUploadFailed, 'Choose an image file (PNG, JPEG, GIF or WebP).');
      return;
    }
    if (file.size >= IMAGE_CELL_MAX_BYTES) {
      toastError(databaseTexts.fileTooLarge);
      return;
    }
    setUploading(true);
    try {
      const stored = await onUpload(file);
      toast({ title: databaseTexts.imageUploaded, duration: 3000 });
      closing.current = true;
      onCommit(stored);
    } catch (error) {
      toastError(databaseTexts.imageUploadFailed, errorMessage(error));
      setUploading(false);
    }
  };

  return (
    <Popover open onOpenChange={(open) => !open && close(true)}>
      <PopoverAnchor className="absolute inset-0 ring-2 ring-primary ring-inset" />
      <PopoverContent align="start" className="w-72 p-2" onEscapeKeyDown={() => close(false)}>
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            close(true);
          }}
        >
          <input
            autoFocus
            aria-label={column.label}
            placeholder="https://…"
            value={url}
            disabled={uploading}
            onChange={(e) => setUrl(e.target.value)}
            className="h-8 w-full rounded-md border bg-transparent px-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
          />
          <div className="flex items-center gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {uploading ? <Loader2 className="size-4 animate-spin" /> : <ImageUp className="size-4" />}
              {uploading ? 'Uploading…' : 'Upload image'}
            </Button>
            <Button type="submit" size="sm" className="ml-auto" disabled={uploading}>
              Save
            </Button>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            aria-label={`Upload an image for ${column.label}`}
            className="hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </form>
      </PopoverContent>
    </Popover>
  );
}

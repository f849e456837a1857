import * as React from 'react';
import { Check, ImageUp, Loader2, MessageSquarePlus, X } from 'lucide-react';
import { databaseTexts, IMAGE_CELL_MAX_BYTES } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { charactersMax, editText, maxLengthOf, parseCellText } from '../lib/cells';
import { OptionChip } from './cell-view';
import type { TableColumn } from './table-types';

interface EditorProps {
  value: unknown;
  column: TableColumn;
  onCommit: (value: unknown) => void;
  onCancel: () => void;
}

/**
 * Text, number and datetime in the cell itself: Enter or leaving the cell saves, Escape cancels
 * (spec 001 §4). A number is saved as a number; a text with a `maxLength` shows '{n} characters max' at the limit.
 */
export function InlineEditor({ value, column, onCommit, onCancel }: EditorProps) {
  const [text, setText] = React.useState(() => editText(value, column.dataType));
  const [problem, setProblem] = React.useState<string | null>(null);
  const done = React.useRef(false);
  const max = column.dataType === 'text' ? maxLengthOf(column.property) : undefined;

  const finish = (keepOnError: boolean) => {
    if (done.current) return;
    const parsed = parseCellText(text, column.dataType);
    if (!parsed.ok) {
      if (keepOnError) return setProblem(parsed.message);
      done.current = true;
      return onCancel();
    }
    done.current = true;
    onCommit(parsed.value);
  };

  return (
    <div className="relative h-full w-full">
      <input
        autoFocus
        aria-label={column.label}
        type={column.dataType === 'datetime' ? 'datetime-local' : 'text'}
        inputMode={column.dataType === 'number' ? 'decimal' : undefined}
        placeholder={column.dataType === 'image' ? 'https://…' : undefined}
        maxLength={max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            done.current = true;
            onCancel();
          }
        }}
        onBlur={() => finish(false)}
        aria-invalid={problem ? true : undefined}
        className={cn(
          'h-full w-full bg-background px-2 text-sm outline-none ring-2 ring-primary ring-inset',
          column.dataType === 'number' && 'text-right tabular-nums',
          problem && 'ring-destructive',
        )}
      />
      {(problem || (max !== undefined && text.length >= max)) && (
        <p
          role={problem ? 'alert' : 'status'}
          className={cn(
            'absolute top-full left-0 z-20 mt-1 rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap shadow-md',
            problem ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {problem ?? charactersMax(max!)}
        </p>
      )}
    </div>
  );
}

/** The select and multiselect editors' popover: the enum's options, and asking the chat for a new one. */
export function OptionsEditor({
  value,
  column,
  onCommit,
  onCancel,
  onRequestOption,
}: EditorProps & { onRequestOption: (label: string) => void }) {
  const multi = column.dataType === 'multiselect';
  const [chosen, setChosen] = React.useState<string[]>(() =>
    value === null || value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String),
  );
  const [newOption, setNewOption] = React.useState('');
  const closing = React.useRef(false);
  const close = (commit: boolean) => {
    if (closing.current) return;
    closing.current = true;
    if (commit && multi) onCommit(chosen);
    else onCancel();
  };
  const pick = (label: string) => {
    if (!multi) {
      closing.current = true;
      return onCommit(label);
    }
    setChosen((c) => (c.includes(label) ? c.filter((l) => l !== label) : [...c, label]));
  };
  const ask = () => {
    // an empty option is ignored (spec 001 §5); the schema's enum changes through the chat
    const label = newOption.trim();
    if (!label) return;
    setNewOption('');
    onRequestOption(label);
  };

  return (
    <Popover open onOpenChange={(open) => !open && close(true)}>
      <PopoverAnchor className="absolute inset-0 ring-2 ring-primary ring-inset" />
      <PopoverContent align="start" className="w-64 p-1" onEscapeKeyDown={() => close(false)}>
        <div
          role="listbox"
          aria-label={column.label}
          aria-multiselectable={multi || undefined}
          className="max-h-60 overflow-y-auto"
        >
          {column.options.length === 0 && (
            <p className="px-2 py-3 text-xs text-muted-foreground">This column has no options yet.</p>
          )}
          {column.options.map((option) => {
            const selected = chosen.includes(option.label);
            return (
              <button
                key={option.label}
                type="button"
                role="option"
                aria-selected={selected}
                onClick={() => pick(option.label)}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <OptionChip label={option.label} />
                {selected && <Check className="ml-auto size-4 text-primary" />}
              </button>
            );
          })}
          {!multi && chosen.length > 0 && (
            <button
              type="button"
              onClick={() => {
                closing.current = true;
                onCommit(null);
              }}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-xs text-muted-foreground hover:bg-accent"
            >
              <X className="size-3.5" /> Clear
            </button>
          )}
        </div>
        <form
          className="mt-1 flex items-center gap-1 border-t pt-1"
          onSubmit={(e) => {
            e.preventDefault();
            ask();
          }}
        >
          <input
            aria-label="New option"
            placeholder="New option…"
            value={newOption}
            onChange={(e) => setNewOption(e.target.value)}
            className="h-8 min-w-0 flex-1 rounded-md bg-transparent px-2 text-sm outline-none placeholder:text-muted-foreground"
          />
          <button
            type="submit"
            title="Ask the chat to add this option"
            aria-label="Ask the chat to add this option"
            className="flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <MessageSquarePlus className="size-4" />
          </button>
        </form>
      </PopoverContent>
    </Popover>
  );
}

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

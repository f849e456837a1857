import * as React from 'react';
import { ArrowUp, ImagePlus, Loader2, Square, X } from 'lucide-react';
import { MAX_CHAT_IMAGES, MAX_CHAT_MESSAGE_CHARS } from '@buildai/domain';
import { MessageTextarea } from '@/components/message-textarea';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ChatImageError, roomFor, toChatImage, type ChatImage } from '../lib/chat-images';

interface Props {
  value: string;
  onChange: (value: string) => void;
  images: ChatImage[];
  onImagesChange: (images: ChatImage[]) => void;
  onSend: (text: string, images: ChatImage[]) => void;
  disabled: boolean;
  /**
   * A turn runs: Stop takes Send's place (issue 32, item 3). `onStop` is absent until the server has the turn;
   * `stopping` while the server records what was complete.
   */
  turn?: { onStop: (() => void) | undefined; stopping: boolean };
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line. A screenshot or a design goes with the message when
 * it is pasted, dropped on the box or picked with the image button (spec 001 §3, file parts).
 */
export function ChatInput({ value, onChange, images, onImagesChange, onSend, disabled, turn }: Props) {
  const text = value.trim();
  const picker = React.useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const canSend = (text.length > 0 || images.length > 0) && !disabled;
  const submit = () => {
    if (!canSend) return;
    onSend(text, images);
  };
  const add = async (files: File[]) => {
    setProblem(null);
    const room = roomFor(images.length);
    if (files.length > room) setProblem(`A message takes at most ${MAX_CHAT_IMAGES} images`);
    const added: ChatImage[] = [];
    for (const file of files.slice(0, room)) {
      try {
        added.push(await toChatImage(file));
      } catch (error) {
        setProblem(error instanceof ChatImageError ? error.message : 'The image could not be added');
      }
    }
    if (added.length) onImagesChange([...images, ...added]);
  };
  return (
    <form
      className={cn(
        'rounded-2xl border bg-background p-2 shadow-lg focus-within:ring-2 focus-within:ring-ring/30',
        dragging && 'ring-2 ring-primary/40',
      )}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setDragging(false);
        void add([...e.dataTransfer.files]);
      }}
    >
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2 px-2 pt-1 pb-2" aria-label="Images to send">
          {images.map((image, i) => (
            <li key={`${image.filename}-${i}`} className="relative">
              <img src={image.url} alt={image.filename} className="size-14 rounded-lg border object-cover" />
              <button
                type="button"
                aria-label={`Remove ${image.filename}`}
                className="absolute -top-1.5 -right-1.5 rounded-full border bg-background p-0.5 text-muted-foreground shadow-sm hover:text-foreground"
                onClick={() => onImagesChange(images.filter((_, j) => j !== i))}
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <MessageTextarea
        rows={2}
        maxLength={MAX_CHAT_MESSAGE_CHARS}
        maxHeight={200}
        value={value}
        placeholder="Describe what to build or change…"
        onChange={onChange}
        onSubmit={submit}
        onPasteFiles={(files) => void add(files)}
        className="block w-full resize-none bg-transparent px-2 py-1.5 text-sm outline-none placeholder:text-muted-foreground"
      />
      {problem && (
        <p role="alert" className="px-2 pb-1 text-xs text-destructive">
          {problem}
        </p>
      )}
      <div className="flex items-center justify-between">
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          hidden
          aria-label="Add images"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void add(files);
          }}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label="Add an image"
          title="Add an image (or paste or drop one)"
          disabled={disabled || roomFor(images.length) === 0}
          className="rounded-full text-muted-foreground"
          onClick={() => picker.current?.click()}
        >
          <ImagePlus />
        </Button>
        {turn ? (
          <Button
            type="button"
            size="icon-sm"
            aria-label={turn.stopping ? 'Stopping…' : 'Stop'}
            title="Stop: what is complete is kept"
            disabled={turn.stopping || !turn.onStop}
            className="rounded-full"
            onClick={turn.onStop}
          >
            {turn.stopping ? <Loader2 className="animate-spin" /> : <Square className="fill-current" />}
          </Button>
        ) : (
          <Button type="submit" size="icon-sm" aria-label="Send" disabled={!canSend} className="rounded-full">
            <ArrowUp />
          </Button>
        )}
      </div>
    </form>
  );
}

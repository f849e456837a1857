import { ArrowUp, Square } from 'lucide-react';
import { ASSISTANT_MESSAGE_MAX_CHARS } from '@buildai/domain';
import { MessageTextarea } from '@/components/message-textarea';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  /** an answer is on its way: the button stops it */
  busy: boolean;
  placeholder: string;
  compact?: boolean;
}

/** The message box: Enter sends, Shift+Enter breaks the line; while an answer streams, Stop ends it. */
export function Composer({ value, onChange, onSend, onStop, busy, placeholder, compact }: Props) {
  const text = value.trim();
  const submit = () => {
    if (!text || busy) return;
    onSend(text);
  };
  return (
    <form
      className={cn(
        'flex items-end gap-2 rounded-2xl border bg-card p-2 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring/30',
        !compact && 'shadow-md',
      )}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <MessageTextarea
        maxLength={ASSISTANT_MESSAGE_MAX_CHARS}
        maxHeight={compact ? 120 : 200}
        value={value}
        placeholder={placeholder}
        onChange={onChange}
        onSubmit={submit}
        className="block max-h-52 min-h-9 flex-1 resize-none bg-transparent px-2 py-2 text-sm text-card-foreground outline-none placeholder:text-muted-foreground"
      />
      {busy ? (
        <Button type="button" size="icon-sm" aria-label="Stop" className="rounded-full" onClick={onStop}>
          <Square className="size-3 fill-current" />
        </Button>
      ) : (
        <Button type="submit" size="icon-sm" aria-label="Send" disabled={!text} className="rounded-full">
          <ArrowUp />
        </Button>
      )}
    </form>
  );
}

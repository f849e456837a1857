import { ArrowUp } from 'lucide-react';
import { MAX_CHAT_MESSAGE_CHARS } from '@buildai/domain';
import { MessageTextarea } from '@/components/message-textarea';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  disabled: boolean;
}

/** The message box: Enter sends, Shift+Enter breaks the line. */
export function ChatInput({ value, onChange, onSend, disabled }: Props) {
  const text = value.trim();
  const submit = () => {
    if (!text || disabled) return;
    onSend(text);
  };
  return (
    <form
      className="rounded-2xl border bg-background p-2 shadow-lg focus-within:ring-2 focus-within:ring-ring/30"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <MessageTextarea
        rows={2}
        maxLength={MAX_CHAT_MESSAGE_CHARS}
        maxHeight={200}
        value={value}
        placeholder="Describe what to build or change…"
        onChange={onChange}
        onSubmit={submit}
        className="block w-full resize-none bg-transparent px-2 py-1.5 text-sm outline-none placeholder:text-muted-foreground"
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          size="icon-sm"
          aria-label="Send"
          disabled={!text || disabled}
          className={cn('rounded-full')}
        >
          <ArrowUp />
        </Button>
      </div>
    </form>
  );
}

import * as React from 'react';
import { ArrowUp } from 'lucide-react';
import { MAX_CHAT_MESSAGE_CHARS } from '@buildai/domain';
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
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const text = value.trim();
  const submit = () => {
    if (!text || disabled) return;
    onSend(text);
  };
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [value]);
  return (
    <form
      className="rounded-2xl border bg-background p-2 shadow-lg focus-within:ring-2 focus-within:ring-ring/30"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        aria-label="Message"
        rows={2}
        maxLength={MAX_CHAT_MESSAGE_CHARS}
        value={value}
        placeholder="Describe what to build or change…"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
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

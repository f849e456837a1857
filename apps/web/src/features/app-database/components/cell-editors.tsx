import * as React from 'react';
import { Check, MessageSquarePlus, X } from 'lucide-react';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import type { CellCodec } from '../column-types/column-type';
import { OptionChip } from '../column-types/options';
import { charactersMax } from '../lib/cell-values';
import type { TableColumn } from './table-types';

/** What every cell editor takes. */
export interface EditorProps {
  value: unknown;
  column: TableColumn;
  onCommit: (value: unknown) => void;
  onCancel: () => void;
}

/** How a type's inline editor differs: its text rules, and the input's kind, keyboard, alignment and limit. */
export interface InlineInput {
  codec: CellCodec;
  type?: 'text' | 'datetime-local';
  inputMode?: 'decimal';
  className?: string;
  maxLength?: number;
}

/**
 * Text, number and datetime in the cell itself: Enter or leaving the cell saves, Escape cancels
 * (spec 001 §4). A number is saved as a number; a text with a `maxLength` shows '{n} characters max' at the limit.
 */
export function InlineEditor({
  value,
  column,
  onCommit,
  onCancel,
  codec,
  type = 'text',
  inputMode,
  className,
  maxLength: max,
}: EditorProps & InlineInput) {
  const [text, setText] = React.useState(() => codec.edit(value));
  const [problem, setProblem] = React.useState<string | null>(null);
  const done = React.useRef(false);

  const finish = (keepOnError: boolean) => {
    if (done.current) return;
    const parsed = codec.parse(text);
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
        type={type}
        inputMode={inputMode}
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
          className,
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

/**
 * The select and multiselect editors' popover: the enum's options, and asking the chat for a new one. `multi`
 * toggles options and saves the list when the popover closes; otherwise a click saves the one option.
 */
export function OptionsEditor({
  value,
  column,
  onCommit,
  onCancel,
  onRequestOption,
  multi = false,
}: EditorProps & { onRequestOption: (label: string) => void; multi?: boolean }) {
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

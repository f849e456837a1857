import * as React from 'react';
import { AlertCircle, ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/** An error in the chat as an expandable box: the first line always, the rest on demand. */
export function ErrorBlock({ title = 'Something went wrong', details }: { title?: string; details: string }) {
  const [open, setOpen] = React.useState(false);
  const id = React.useId();
  return (
    <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 text-sm">
      <button
        type="button"
        className="flex w-full items-center gap-2 px-3 py-2 text-left font-medium text-destructive"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <AlertCircle className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">{title}</span>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <pre
          id={id}
          className="max-h-60 overflow-auto border-t border-destructive/20 px-3 py-2 font-mono text-xs whitespace-pre-wrap text-destructive/90"
        >
          {details}
        </pre>
      )}
    </div>
  );
}

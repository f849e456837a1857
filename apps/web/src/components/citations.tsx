import * as React from 'react';
import { FileText } from 'lucide-react';
import type { Citation } from '@buildai/domain';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export interface CitationsProps {
  citations: readonly Citation[];
  className?: string;
}

/**
 * The data sources an answer drew on (decision 0017 "Citations"), shown below an assistant's answer or a tool's
 * result: one chip per data item; hovering it (a pointer) or tapping it (a touch screen) shows the passages the model
 * read. Self-contained, so other things shown below an answer (ratings) sit beside it without knowing of it.
 */
export function Citations({ citations, className }: CitationsProps) {
  if (citations.length === 0) return null;
  return (
    <div className={cn('grid gap-1.5', className)} data-testid="citations">
      <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">Sources</p>
      <ul aria-label="Sources" className="flex flex-wrap gap-1.5">
        {citations.map((citation, i) => (
          <li key={citation.itemId} className="min-w-0">
            <CitationChip citation={citation} index={i + 1} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const CHIP =
  'inline-flex max-w-64 items-center gap-1.5 rounded-md border bg-card px-2 py-1 text-xs text-muted-foreground';

function ChipFace({ citation, index }: { citation: Citation; index: number }) {
  return (
    <>
      <span className="flex size-4 shrink-0 items-center justify-center rounded-sm bg-muted font-mono text-[10px] tabular-nums">
        {index}
      </span>
      <FileText className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{citation.itemName}</span>
    </>
  );
}

function CitationChip({ citation, index }: { citation: Citation; index: number }) {
  if (citation.passages.length === 0)
    return (
      <span className={CHIP}>
        <ChipFace citation={citation} index={index} />
      </span>
    );
  return <PassagesChip citation={citation} index={index} />;
}

function PassagesChip({ citation, index }: { citation: Citation; index: number }) {
  const [open, setOpen] = React.useState(false);
  // a pointer that hovers opens it; leaving the chip and the card closes it (a short grace to cross the gap)
  const leaving = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  // while a mouse is over the chip or its card, a click does not close what the hover opened
  const hovering = React.useRef(false);
  const hover = (next: boolean) => (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovering.current = next;
    if (leaving.current) clearTimeout(leaving.current);
    if (next) setOpen(true);
    else leaving.current = setTimeout(() => setOpen(false), 150);
  };
  React.useEffect(() => () => void (leaving.current && clearTimeout(leaving.current)), []);
  return (
    <Popover open={open} onOpenChange={(next) => (next || !hovering.current) && setOpen(next)}>
      <PopoverTrigger asChild>
        <button
          type="button"
          onPointerEnter={hover(true)}
          onPointerLeave={hover(false)}
          className={cn(
            CHIP,
            'transition-colors hover:border-primary/40 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-hidden data-[state=open]:border-primary/40 data-[state=open]:text-foreground',
          )}
        >
          <ChipFace citation={citation} index={index} />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-80 p-0"
        onPointerEnter={hover(true)}
        onPointerLeave={hover(false)}
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        <div className="flex items-center gap-2 border-b px-3 py-2">
          <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <p className="truncate text-sm font-medium">{citation.itemName}</p>
        </div>
        <div className="grid max-h-64 gap-2 overflow-y-auto p-3">
          {citation.passages.map((passage, i) => (
            <blockquote
              key={i}
              className="border-l-2 border-primary/40 pl-2.5 text-xs leading-relaxed text-muted-foreground"
            >
              {passage}
            </blockquote>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}

import { AlertCircle, Check, CircleDot, Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { DraftStatus } from '../lib/file-drafts';

const LABEL: Record<DraftStatus, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving...',
  error: 'Not saved',
  conflict: 'Changed by the chat',
};

/** The code editor's save status. */
export function SaveStatus({ status, className }: { status: DraftStatus; className?: string }) {
  const Icon =
    status === 'saving'
      ? Loader2
      : status === 'saved'
        ? Check
        : status === 'unsaved'
          ? CircleDot
          : AlertCircle;
  return (
    <span
      role="status"
      aria-live="polite"
      className={cn(
        'flex items-center gap-1.5 text-xs whitespace-nowrap',
        status === 'saved' && 'text-muted-foreground',
        status === 'unsaved' && 'text-amber-700',
        status === 'saving' && 'text-muted-foreground',
        (status === 'error' || status === 'conflict') && 'text-destructive',
        className,
      )}
    >
      <Icon className={cn('size-3.5', status === 'saving' && 'animate-spin')} />
      {LABEL[status]}
    </span>
  );
}

import { AlertTriangle, Check, FileCode2, Loader2, Scissors } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { ShownAction } from '../lib/actions';

const stateLabel: Record<ShownAction['state'], string> = {
  running: 'In progress',
  complete: 'Complete',
  truncated: 'Truncated',
  failed: 'Failed',
};

function StateIcon({ state }: { state: ShownAction['state'] }) {
  const label = stateLabel[state];
  if (state === 'running') return <Loader2 className="size-4 animate-spin text-primary" aria-label={label} />;
  if (state === 'complete') return <Check className="size-4 text-emerald-600" aria-label={label} />;
  if (state === 'truncated') return <Scissors className="size-4 text-amber-600" aria-label={label} />;
  return <AlertTriangle className="size-4 text-destructive" aria-label={label} />;
}

/** The actions of one assistant message, grouped in one card: title, file, and a spinner → check → truncated. */
export function ActionList({ actions }: { actions: ShownAction[] }) {
  if (!actions.length) return null;
  return (
    <ul aria-label="Changes" className="divide-y overflow-hidden rounded-lg border bg-muted/30 text-sm">
      {actions.map((a) => (
        <li key={a.key} data-state={a.state} className="flex items-start gap-3 px-3 py-2">
          <FileCode2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className={cn('truncate font-medium', a.state === 'failed' && 'text-destructive')}>
              {a.title}
            </p>
            {a.file && <p className="truncate font-mono text-xs text-muted-foreground">{a.file}</p>}
            {a.error && <p className="mt-1 text-xs text-destructive">{a.error}</p>}
          </div>
          <StateIcon state={a.state} />
        </li>
      ))}
    </ul>
  );
}

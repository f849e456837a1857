import { History } from 'lucide-react';
import type { EvaluationRunSummary } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatCost, formatRate } from '../lib/cases';
import { SIDE_NAMES } from './run-setup';

/** The latest runs, newest first; choosing one shows its results. */
export function RunHistory({
  runs,
  selected,
  onSelect,
}: {
  runs: EvaluationRunSummary[];
  selected: string | null;
  onSelect: (runId: string) => void;
}) {
  return (
    <section aria-labelledby="history-title" className="rounded-xl border bg-card shadow-xs lg:self-start">
      <h2 id="history-title" className="flex items-center gap-2 border-b px-4 py-3 text-sm font-semibold">
        <History className="size-4 text-muted-foreground" />
        Runs
      </h2>
      {runs.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">No runs yet.</p>
      ) : (
        <ul className="max-h-96 divide-y overflow-y-auto">
          {runs.map((run) => (
            <li key={run.runId}>
              <button
                type="button"
                onClick={() => onSelect(run.runId)}
                aria-current={run.runId === selected ? 'true' : undefined}
                className={cn(
                  'grid w-full gap-1 px-4 py-3 text-left text-sm transition-colors hover:bg-muted/60',
                  run.runId === selected && 'bg-muted',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="text-xs text-muted-foreground">{formatRelativeTime(run.createdAt)}</span>
                  {run.status === 'running' ? (
                    <Badge variant="secondary">Running</Badge>
                  ) : run.status === 'failed' ? (
                    <Badge variant="outline" className="text-destructive">
                      Failed
                    </Badge>
                  ) : (
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {formatCost(run.variants.reduce((sum, v) => sum + v.cost, 0) + run.judgeCost)}
                    </span>
                  )}
                </span>
                {run.variants.map((v, i) => (
                  <span key={i} className="flex items-center justify-between gap-2">
                    <span className="min-w-0 truncate">
                      <span className="mr-1.5 font-semibold">{SIDE_NAMES[i]}</span>
                      {v.model}
                      {v.editedPrompt && <span className="text-muted-foreground"> · edited</span>}
                    </span>
                    <span className="font-medium tabular-nums">{formatRate(v.passRate)}</span>
                  </span>
                ))}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { AlertTriangle, CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { expectationLabels, type CaseResult, type EvaluationCase, type EvaluationRun } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { formatCost, formatLatency, formatRate } from '../lib/cases';
import { SIDE_NAMES } from './run-setup';

function VariantCard({ run, index }: { run: EvaluationRun; index: number }) {
  const v = run.variants[index]!;
  const rate = v.passRate;
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs" data-testid={`variant-${SIDE_NAMES[index]}`}>
      <div className="flex items-center gap-2">
        <span className="flex size-6 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-foreground">
          {SIDE_NAMES[index]}
        </span>
        <span className="truncate text-sm font-medium" title={v.model}>
          {v.model}
        </span>
        {v.editedPrompt && <Badge variant="warning">Edited prompt</Badge>}
      </div>
      <div className="mt-3 flex items-end gap-3">
        <span
          className={cn(
            'text-3xl font-semibold tabular-nums',
            rate === null
              ? 'text-muted-foreground'
              : rate >= 0.8
                ? 'text-emerald-600'
                : rate >= 0.5
                  ? 'text-amber-600'
                  : 'text-destructive',
          )}
          aria-label={`Pass rate of ${SIDE_NAMES[index]}`}
        >
          {formatRate(rate)}
        </span>
        <span className="pb-1 text-sm text-muted-foreground">
          {v.passed} of {v.total} passed
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Cost</dt>
          <dd className="font-medium tabular-nums">{formatCost(v.cost)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Mean latency</dt>
          <dd className="font-medium tabular-nums">{formatLatency(v.latencyMs)}</dd>
        </div>
      </dl>
    </div>
  );
}

function ResultCell({
  result,
  side,
  pending,
}: {
  result: CaseResult | undefined;
  side: string;
  pending: boolean;
}) {
  if (!result)
    return (
      <div className="flex min-h-16 items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
        <span className="font-semibold text-foreground md:hidden">{side}</span>
        {pending && <Loader2 className="size-4 animate-spin" />}
        {pending ? 'Waiting…' : 'Not run'}
      </div>
    );
  const failed = result.checks.filter((c) => !c.passed);
  return (
    <div
      className={cn(
        'min-w-0 rounded-lg border p-3',
        result.passed ? 'bg-emerald-50/40' : 'bg-destructive/[0.03]',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground md:hidden">{side}</span>
        {result.passed ? (
          <Badge variant="success">
            <CheckCircle2 />
            Passed
          </Badge>
        ) : (
          <Badge variant="outline" className="border-destructive/30 text-destructive">
            <XCircle />
            Failed
          </Badge>
        )}
        <span className="tabular-nums">{formatLatency(result.latencyMs)}</span>
        <span aria-hidden>·</span>
        <span className="tabular-nums">{formatCost(result.cost)}</span>
      </div>
      {result.error ? (
        <p className="mt-2 flex items-start gap-1.5 text-sm text-destructive">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" />
          {result.error}
        </p>
      ) : (
        <p className="mt-2 line-clamp-6 text-sm break-words whitespace-pre-wrap">
          {result.output || '(empty answer)'}
        </p>
      )}
      {result.checks.length > 0 && (
        <ul className="mt-2 grid gap-1 text-xs">
          {result.checks.map((check, i) => (
            <li key={i} className="flex items-start gap-1.5">
              {check.passed ? (
                <CheckCircle2 className="mt-px size-3.5 shrink-0 text-emerald-600" />
              ) : (
                <XCircle className="mt-px size-3.5 shrink-0 text-destructive" />
              )}
              <span>
                <span className="font-medium">{expectationLabels[check.type]}</span>
                {check.detail && <span className="text-muted-foreground">: {check.detail}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {failed.length === 0 && result.checks.length === 0 && !result.error && (
        <p className="mt-2 text-xs text-muted-foreground">No checks</p>
      )}
    </div>
  );
}

/** A run: each variant's pass rate, cost and latency, then every case's answers side by side. */
export function RunResults({ run, cases }: { run: EvaluationRun; cases: EvaluationCase[] }) {
  const sides = run.variants.length;
  const answered = run.results.length;
  const expected = run.caseCount * sides;
  const caseIds = [...new Set([...run.results.map((r) => r.caseId), ...cases.map((c) => c.id)])].slice(
    0,
    Math.max(run.caseCount, 0),
  );
  const nameOf = (id: string, i: number) => cases.find((c) => c.id === id)?.name.trim() || `Case ${i + 1}`;
  return (
    <div className="grid gap-4">
      {run.status === 'running' && (
        <div className="rounded-xl border bg-card p-4 shadow-xs" role="status">
          <div className="flex items-center justify-between text-sm">
            <span className="flex items-center gap-2 font-medium">
              <Loader2 className="size-4 animate-spin" />
              Running the cases
            </span>
            <span className="text-muted-foreground tabular-nums">
              {answered} of {expected} answers
            </span>
          </div>
          <Progress className="mt-3" value={expected ? (answered / expected) * 100 : 0} />
        </div>
      )}
      {run.status === 'failed' && run.error && (
        <p className="flex items-center gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
          <AlertTriangle className="size-4" />
          {run.error}
        </p>
      )}
      <div className={cn('grid gap-3', sides === 2 && 'sm:grid-cols-2')}>
        {run.variants.map((_, i) => (
          <VariantCard key={i} run={run} index={i} />
        ))}
      </div>
      {run.judgeModel && (
        <p className="text-xs text-muted-foreground">
          Judged by {run.judgeModel} · judging cost {formatCost(run.judgeCost)}
        </p>
      )}
      <ol className="grid gap-3" aria-label="Case results">
        {caseIds.map((id, i) => (
          <li key={id} className="rounded-xl border bg-card p-3 shadow-xs sm:p-4">
            <h3 className="mb-2 text-sm font-medium">{nameOf(id, i)}</h3>
            <div className={cn('grid gap-2', sides === 2 && 'md:grid-cols-2')}>
              {run.variants.map((_, side) => (
                <ResultCell
                  key={side}
                  side={SIDE_NAMES[side]!}
                  pending={run.status === 'running'}
                  result={run.results.find((r) => r.caseId === id && r.variant === side)}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { databaseTexts } from '@buildai/domain';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Progress } from '@/components/ui/progress';
import type { ImportOutcome } from './run-import';

/** Failed rows listed by the done step; the rest are counted. */
export const LISTED_FAILURES = 10;
export const KEEP_OPEN = 'Keep this window open until the import finishes.';

/** The importing step: rows done out of all, as a bar. */
export function ImportProgress({ done, total }: { done: number; total: number }) {
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-3 py-2" aria-live="polite">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">Importing rows…</span>
        <span className="text-muted-foreground tabular-nums">
          {done} of {total} rows
        </span>
      </div>
      <Progress value={percent} aria-label="Import progress" />
      <p className="text-xs text-muted-foreground">{KEEP_OPEN}</p>
    </div>
  );
}

/**
 * The done step: every row imported, some rows failed (the first ones listed with their row numbers and the
 * server's reasons), or nothing reached the server.
 */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.requestsFailed) {
    const reason = outcome.failed[0]?.message;
    return (
      <Alert variant="destructive">
        <XCircle aria-hidden />
        <AlertTitle>{databaseTexts.importFailed}</AlertTitle>
        {reason && <AlertDescription>{reason}</AlertDescription>}
      </Alert>
    );
  }
  if (outcome.failed.length === 0) {
    return (
      <Alert className="border-emerald-200 bg-emerald-50 text-emerald-900" role="status">
        <CheckCircle2 aria-hidden />
        <AlertTitle>{databaseTexts.importSucceeded(outcome.created)}</AlertTitle>
      </Alert>
    );
  }
  const listed = outcome.failed.slice(0, LISTED_FAILURES);
  const more = outcome.failed.length - listed.length;
  return (
    <div className="grid gap-3">
      <Alert className="border-amber-200 bg-amber-50 text-amber-950">
        <AlertTriangle aria-hidden />
        <AlertTitle>{databaseTexts.importPartlyFailed(outcome.failed.length, outcome.total)}</AlertTitle>
        <AlertDescription className="text-amber-900/80">
          {outcome.created} {outcome.created === 1 ? 'row was' : 'rows were'} imported.
        </AlertDescription>
      </Alert>
      <div className="rounded-lg border">
        <p className="border-b px-3 py-2 text-xs font-medium text-muted-foreground">Rows not imported</p>
        <ul className="max-h-56 divide-y overflow-y-auto text-sm" aria-label="Rows not imported">
          {listed.map((f) => (
            <li key={f.row} className="flex gap-3 px-3 py-2">
              <span className="w-16 shrink-0 font-medium tabular-nums">Row {f.row}</span>
              <span className="min-w-0 break-words text-muted-foreground">{f.message}</span>
            </li>
          ))}
        </ul>
        {more > 0 && (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">
            and {more} more {more === 1 ? 'row' : 'rows'}
          </p>
        )}
      </div>
    </div>
  );
}

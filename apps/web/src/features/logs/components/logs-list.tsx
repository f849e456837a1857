import { AlertCircle, ChevronRight, Lock } from 'lucide-react';
import type { LogEntry } from '@buildai/domain';
import { cn } from '@/lib/utils';
import {
  formatWhen,
  inputSummary,
  KindLabel,
  RatingMark,
  SourceBadge,
  UsageLabel,
  WhoLabel,
} from './log-bits';

interface Props {
  entries: LogEntry[];
  onOpen: (runId: string) => void;
}

function Status({ entry }: { entry: LogEntry }) {
  if (entry.status !== 'failed' && !entry.errorCode) return null;
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-destructive"
      title={entry.errorCode ?? undefined}
    >
      <AlertCircle className="size-3.5" aria-hidden />
      Failed
    </span>
  );
}

/** The runs: a table on wide screens, cards on phones; each opens its detail. */
export function LogsList({ entries, onOpen }: Props) {
  return (
    <>
      <table className="hidden w-full table-fixed text-sm md:table" aria-label="Logs">
        <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
          <tr>
            <th className="w-36 px-4 py-2.5 font-medium">When</th>
            <th className="w-40 px-3 py-2.5 font-medium">Who</th>
            <th className="w-32 px-3 py-2.5 font-medium">Tool</th>
            <th className="px-3 py-2.5 font-medium">Asked and answered</th>
            <th className="w-24 px-3 py-2.5 font-medium">Source</th>
            <th className="w-20 px-3 py-2.5 text-right font-medium">Tokens</th>
            <th className="w-20 px-4 py-2.5 text-center font-medium">Rating</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr
              key={e.runId}
              className="cursor-pointer border-b align-top last:border-0 hover:bg-muted/40 focus-within:bg-muted/40"
              onClick={() => onOpen(e.runId)}
              data-testid="log-row"
            >
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <button
                  type="button"
                  className="text-left outline-none focus-visible:underline"
                  onClick={(ev) => {
                    ev.stopPropagation();
                    onOpen(e.runId);
                  }}
                  aria-label={`Open the run of ${formatWhen(e.createdAt)}`}
                >
                  {formatWhen(e.createdAt)}
                </button>
              </td>
              <td className="px-3 py-3">
                <div className="flex min-w-0 flex-col">
                  <WhoLabel entry={e} />
                </div>
              </td>
              <td className="px-3 py-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <KindLabel entry={e} />
                  <Status entry={e} />
                </div>
              </td>
              <td className="px-3 py-3">
                <p className="flex items-center gap-1 truncate font-medium">
                  {e.masked.length > 0 && (
                    <Lock
                      className="size-3 shrink-0 text-muted-foreground"
                      aria-label="Personal fields hidden"
                    />
                  )}
                  <span className="truncate">{inputSummary(e) || '—'}</span>
                </p>
                <p className="mt-0.5 line-clamp-2 text-muted-foreground">{e.output || '—'}</p>
              </td>
              <td className="px-3 py-3">
                <SourceBadge source={e.source} />
              </td>
              <td className="px-3 py-3 text-right">
                <UsageLabel entry={e} />
              </td>
              <td className="px-4 py-3 text-center">
                <RatingMark rating={e.rating} reason={e.ratingReason} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label="Logs">
        {entries.map((e) => (
          <li key={e.runId}>
            <button
              type="button"
              className={cn('flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-muted/40')}
              onClick={() => onOpen(e.runId)}
              data-testid="log-row"
            >
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                  <KindLabel entry={e} />
                  <span className="shrink-0">{formatWhen(e.createdAt)}</span>
                </div>
                <p className="truncate text-sm font-medium">{inputSummary(e) || '—'}</p>
                <p className="line-clamp-2 text-sm text-muted-foreground">{e.output || '—'}</p>
                <div className="flex flex-wrap items-center gap-2 text-xs">
                  <WhoLabel entry={e} />
                  <SourceBadge source={e.source} />
                  <Status entry={e} />
                  <RatingMark rating={e.rating} reason={e.ratingReason} />
                </div>
              </div>
              <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

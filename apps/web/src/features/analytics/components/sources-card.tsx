import { Code2, Globe, MessageSquareCode, Plug, type LucideIcon } from 'lucide-react';
import { formatCount, runSources, type AnalyticsSource, type RunSource } from '@buildai/domain';
import { formatInteger } from '@/lib/format';

/** How each run source reads on the analytics page. */
export const SOURCE_LABEL: Record<RunSource, { label: string; hint: string; icon: LucideIcon }> = {
  web: { label: 'App page', hint: 'Your app’s own pages', icon: Globe },
  widget: { label: 'Website widget', hint: 'The chat bubble on your site', icon: MessageSquareCode },
  api: { label: 'API', hint: 'REST and OpenAI clients', icon: Code2 },
  mcp: { label: 'MCP', hint: 'Claude, ChatGPT and others', icon: Plug },
};

/** Every source in a fixed order, a missing one as zero (an older server may leave `sources` out). */
export function sourceRows(sources: readonly AnalyticsSource[] | undefined): AnalyticsSource[] {
  return runSources.map(
    (source) =>
      sources?.find((s) => s.source === source) ?? { source, runs: 0, users: 0, tokens: 0, credits: 0 },
  );
}

/** Runs by source (issue 21): where the runs of the range came from, with each one's share of the runs. */
export function SourcesCard({ sources }: { sources: readonly AnalyticsSource[] | undefined }) {
  const rows = sourceRows(sources);
  const total = rows.reduce((n, r) => n + r.runs, 0);
  return (
    <section aria-labelledby="sources-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <h2 id="sources-title" className="font-semibold">
        Runs by source
      </h2>
      <p className="text-sm text-muted-foreground">Where the runs of the range came from.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Runs by source">
        {rows.map((r) => {
          const { label, hint, icon: Icon } = SOURCE_LABEL[r.source];
          const share = total > 0 ? Math.round((r.runs / total) * 100) : 0;
          return (
            <li
              key={r.source}
              aria-label={label}
              data-source={r.source}
              className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border bg-background p-3"
            >
              <div className="flex items-center gap-2">
                <span className="flex size-7 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-3.5">
                  <Icon />
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{label}</p>
                  <p className="truncate text-[11px] text-muted-foreground">{hint}</p>
                </div>
              </div>
              <div className="flex items-baseline justify-between gap-2">
                <p
                  className="text-2xl font-semibold tabular-nums"
                  title={formatInteger(r.runs)}
                  data-testid="source-runs"
                >
                  {formatCount(r.runs)}
                </p>
                <p className="text-xs text-muted-foreground tabular-nums">{share}% of runs</p>
              </div>
              <div
                className="h-1.5 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label={`${label} share of runs`}
                aria-valuenow={share}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">
                <span title={formatInteger(r.users)}>{formatCount(r.users)}</span> users ·{' '}
                <span title={formatInteger(r.tokens)}>{formatCount(r.tokens)}</span> tokens
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { Bot, Globe, KeyRound, LayoutPanelLeft, Plug, ThumbsDown, ThumbsUp, Wrench } from 'lucide-react';
import { MASKED_VALUE, type LogEntry, type LogRating, type RunSource } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { formatInteger } from '@/lib/format';
import { cn } from '@/lib/utils';
import { SOURCE_LABELS } from '../lib/filters';

const SOURCE_ICONS: Record<RunSource, typeof Globe> = {
  web: Globe,
  widget: LayoutPanelLeft,
  api: KeyRound,
  mcp: Plug,
};

export function SourceBadge({ source }: { source: RunSource }) {
  const Icon = SOURCE_ICONS[source];
  return (
    <Badge variant="muted">
      <Icon aria-hidden />
      {SOURCE_LABELS[source]}
    </Badge>
  );
}

export function KindLabel({ entry }: { entry: Pick<LogEntry, 'kind' | 'toolTitle'> }) {
  const Icon = entry.kind === 'assistant' ? Bot : Wrench;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="truncate">{entry.kind === 'assistant' ? 'Assistant' : entry.toolTitle || 'Tool'}</span>
    </span>
  );
}

export function RatingMark({ rating, reason }: { rating: LogRating | null; reason?: string | null }) {
  if (!rating) return <span className="text-muted-foreground">—</span>;
  const up = rating === 'up';
  const Icon = up ? ThumbsUp : ThumbsDown;
  return (
    <span
      className={cn('inline-flex items-center gap-1', up ? 'text-emerald-600' : 'text-destructive')}
      title={reason ?? undefined}
    >
      <Icon className="size-4" aria-label={up ? 'Rated up' : 'Rated down'} />
    </span>
  );
}

/** Who ran it: their email, or "Visitor" / "API key" with the id's start. */
export function WhoLabel({ entry }: { entry: Pick<LogEntry, 'email' | 'who'> }) {
  if (entry.email) return <span className="truncate">{entry.email}</span>;
  return (
    <span className="truncate text-muted-foreground" title={entry.who}>
      Visitor {entry.who.slice(0, 6)}
    </span>
  );
}

/** The question: the assistant's message, or the tool's inputs as `name: value`, masked ones shown as dots. */
export function inputSummary(entry: Pick<LogEntry, 'kind' | 'inputs'>): string {
  if (entry.kind === 'assistant' && typeof entry.inputs.message === 'string') return entry.inputs.message;
  return Object.entries(entry.inputs)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}

export const isMasked = (value: unknown) => value === MASKED_VALUE;

export function formatCost(cost: number): string {
  if (cost === 0) return '$0';
  if (cost < 0.0001) return '<$0.0001';
  if (cost < 0.01) return `$${cost.toFixed(4)}`;
  return `$${cost.toFixed(2)}`;
}

export function UsageLabel({ entry }: { entry: Pick<LogEntry, 'usage'> }) {
  if (!entry.usage) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="tabular-nums">
      {formatInteger(entry.usage.totalTokens)}
      <span className="block text-xs text-muted-foreground">{formatCost(entry.usage.totalCost)}</span>
    </span>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));

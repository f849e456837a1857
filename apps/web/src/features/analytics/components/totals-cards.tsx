import type * as React from 'react';
import { Coins, Play, ThumbsUp, Users } from 'lucide-react';
import { formatCount, type AppAnalytics } from '@buildai/domain';
import { formatInteger } from '@/lib/format';

function Stat({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: number;
  hint: string;
  icon: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5"
    >
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <h2>{label}</h2>
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <p
        className="text-3xl font-semibold tracking-tight tabular-nums"
        title={formatInteger(value)}
        data-testid="stat-value"
      >
        {formatCount(value)}
      </p>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </section>
  );
}

/** Runs, unique users and tokens of the range, as K/M (spec 000 §9). */
export function TotalsCards({ data, days }: { data: AppAnalytics; days: number }) {
  const { runs, users, tokens } = data.totals;
  const perDay = runs / Math.max(1, days);
  const up = data.ratings?.up ?? 0;
  const down = data.ratings?.down ?? 0;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat
        label="Runs"
        value={runs}
        icon={<Play />}
        hint={`${perDay >= 10 ? formatCount(Math.round(perDay)) : perDay.toFixed(1).replace(/\.0$/, '')} a day on average`}
      />
      <Stat
        label="Unique users"
        value={users}
        icon={<Users />}
        hint={users > 0 ? `${(runs / users).toFixed(1).replace(/\.0$/, '')} runs per user` : 'No users yet'}
      />
      <Stat
        label="Tokens"
        value={tokens}
        icon={<Coins />}
        hint={runs > 0 ? `${formatCount(Math.round(tokens / runs))} per run` : 'No tokens used yet'}
      />
      <Stat
        label="Thumbs up"
        value={up}
        icon={<ThumbsUp />}
        hint={
          up + down > 0
            ? `${Math.round((up / (up + down)) * 100)}% of ${formatCount(up + down)} ratings, ${formatCount(down)} down`
            : 'No ratings yet'
        }
      />
    </div>
  );
}

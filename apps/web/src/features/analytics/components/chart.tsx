import * as React from 'react';
import { ResponsiveContainer } from 'recharts';
import { cn } from '@/lib/utils';

/** Series of a chart: their label and colour; a series' colour is `var(--chart-{key})` inside the container. */
export type ChartConfig = Record<string, { label: string; color: string }>;

/** A responsive recharts surface in the app's palette (shadcn-style chart wrapper). */
export function ChartContainer({
  config,
  height = 260,
  className,
  children,
  ...rest
}: {
  config: ChartConfig;
  height?: number;
  className?: string;
  children: React.ReactElement;
} & Omit<React.ComponentProps<'div'>, 'children'>) {
  const vars = Object.fromEntries(Object.entries(config).map(([key, s]) => [`--chart-${key}`, s.color]));
  return (
    <div
      data-slot="chart"
      className={cn(
        'w-full text-xs',
        '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border',
        '[&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted/60',
        '[&_.recharts-surface]:outline-none',
        className,
      )}
      style={vars as React.CSSProperties}
      {...rest}
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

interface TooltipEntry {
  dataKey?: unknown;
  value?: unknown;
}

/** Tooltip body: the label, then one row per series with its colour. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  config,
  formatLabel,
  formatValue = (v) => String(v),
}: {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: string | number;
  config: ChartConfig;
  formatLabel?: (label: string) => string;
  formatValue?: (value: number) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-36 gap-1.5 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      {label !== undefined && (
        <p className="font-medium">{formatLabel ? formatLabel(String(label)) : label}</p>
      )}
      {payload.map((entry) => {
        const key = String(entry.dataKey);
        const series = config[key];
        if (!series) return null;
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[3px]" style={{ background: `var(--chart-${key})` }} />
            <span className="text-muted-foreground">{series.label}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">
              {formatValue(Number(entry.value))}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** A legend of the chart's series, in HTML (wraps well on a phone). */
export function ChartLegend({ config }: { config: ChartConfig }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {Object.entries(config).map(([key, s]) => (
        <li key={key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-[3px]" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, type AnalyticsDay } from '@buildai/domain';
import { formatDay, formatInteger } from '@/lib/format';
import { ChartContainer, ChartLegend, ChartTooltipContent, type ChartConfig } from './chart';

const config: ChartConfig = {
  runs: { label: 'Runs', color: 'var(--primary)' },
  users: { label: 'Unique users', color: 'oklch(0.7 0.14 175)' },
};

/** Runs and unique users per day. */
export function DailyChart({ days }: { days: AnalyticsDay[] }) {
  return (
    <div className="grid gap-3">
      <ChartLegend config={config} />
      <ChartContainer config={config} height={260} aria-label="Runs and unique users per day" role="img">
        <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <defs>
            {Object.keys(config).map((key) => (
              <linearGradient key={key} id={`fill-${key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={`var(--chart-${key})`} stopOpacity={0.28} />
                <stop offset="95%" stopColor={`var(--chart-${key})`} stopOpacity={0.02} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickLine={false}
            axisLine={false}
            tickMargin={8}
            minTickGap={24}
            tickFormatter={(d: string) => formatDay(d)}
          />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            width={44}
            tickFormatter={(n: number) => formatCount(n)}
          />
          <Tooltip
            content={(props) => (
              <ChartTooltipContent
                active={props.active}
                payload={props.payload}
                label={props.label}
                config={config}
                formatLabel={(d) => formatDay(d, true)}
                formatValue={formatInteger}
              />
            )}
          />
          {Object.keys(config).map((key) => (
            <Area
              key={key}
              type="monotone"
              dataKey={key}
              stroke={`var(--chart-${key})`}
              strokeWidth={2}
              fill={`url(#fill-${key})`}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ChartContainer>
    </div>
  );
}

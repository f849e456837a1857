import * as React from 'react';
import * as RechartsPrimitive from 'recharts';
import type { LegendPayload, TooltipContentProps, TooltipPayloadEntry } from 'recharts';
import { cn } from '@/lib/utils';

/** The colour schemes a series may set its own colour for: `.dark` is the app's dark mode. */
const THEMES = { light: '', dark: '.dark' } as const;

/**
 * The series of a chart by key (the `dataKey` of a Bar, Line, Area…): a label for the tooltip and legend, an
 * icon, and a colour (or one per theme). Inside a ChartContainer, `var(--color-<key>)` is that colour.
 */
type ChartConfig = Record<
  string,
  { label?: React.ReactNode; icon?: React.ComponentType } & (
    { color?: string; theme?: never } | { color?: never; theme: Record<keyof typeof THEMES, string> }
  )
>;

const ChartContext = React.createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const chart = React.useContext(ChartContext);
  if (!chart) throw new Error('useChart must be used within a <ChartContainer />');
  return chart;
}

function ChartContainer({
  id,
  className,
  children,
  config,
  ...props
}: React.ComponentProps<'div'> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children'];
}) {
  const uid = React.useId();
  const chartId = `chart-${(id ?? uid).replace(/[^\w-]/g, '')}`;
  const value = React.useMemo(() => ({ config }), [config]);
  return (
    <ChartContext.Provider value={value}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          'flex aspect-video justify-center text-xs',
          // recharts draws its axes, grids and cursors in fixed greys and whites: the theme's colours instead
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground',
          "[&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50",
          "[&_.recharts-polar-grid_[stroke='#ccc']]:stroke-border",
          "[&_.recharts-reference-line_[stroke='#ccc']]:stroke-border",
          '[&_.recharts-curve.recharts-tooltip-cursor]:stroke-border',
          '[&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted',
          '[&_.recharts-radial-bar-background-sector]:fill-muted',
          "[&_.recharts-dot[stroke='#fff']]:stroke-transparent [&_.recharts-sector[stroke='#fff']]:stroke-transparent",
          '[&_.recharts-layer]:outline-none [&_.recharts-sector]:outline-none [&_.recharts-surface]:outline-none',
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

// a colour or key written into a <style> element cannot close its rule or the element
const cssSafe = (text: string) => text.replace(/[<>{};"\\]/g, '');

/** The `--color-<key>` variables of a chart's series, per theme, scoped to its `data-chart` id. */
function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const series = Object.entries(config).filter(([, item]) => item.theme || item.color);
  if (!series.length) return null;
  const css = Object.entries(THEMES)
    .map(([theme, prefix]) => {
      const lines = series
        .map(([key, item]) => {
          const colour = item.theme?.[theme as keyof typeof THEMES] ?? item.color;
          return colour ? `  --color-${cssSafe(key)}: ${cssSafe(colour)};` : null;
        })
        .filter((line) => line !== null);
      return `${prefix} [data-chart="${cssSafe(id)}"] {\n${lines.join('\n')}\n}`;
    })
    .join('\n');
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

const ChartTooltip = RechartsPrimitive.Tooltip;

/** The config entry a tooltip or legend item is about: by the value of `key` in its data row, else by `key`. */
function configOf(config: ChartConfig, item: unknown, key: string) {
  if (typeof item !== 'object' || item === null) return undefined;
  const entry = item as Record<string, unknown>;
  const row =
    typeof entry.payload === 'object' && entry.payload !== null
      ? (entry.payload as Record<string, unknown>)
      : undefined;
  let configKey = key;
  if (typeof entry[key] === 'string') configKey = entry[key];
  else if (row && typeof row[key] === 'string') configKey = row[key];
  return config[configKey] ?? config[key];
}

const formatValue = (value: unknown) =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'number' ? v.toLocaleString() : String(v))).join(' – ')
    : typeof value === 'number'
      ? value.toLocaleString()
      : String(value);

type ChartTooltipContentProps = Partial<Omit<TooltipContentProps, 'payload'>> & {
  payload?: ReadonlyArray<TooltipPayloadEntry>;
  className?: string;
  /** How each series is marked: a square dot, a bar, or a dashed outline. */
  indicator?: 'line' | 'dot' | 'dashed';
  hideLabel?: boolean;
  hideIndicator?: boolean;
  /** The field of an item whose value names its config entry (default: its name or dataKey). */
  nameKey?: string;
  /** The config entry whose label heads the tooltip (default: the hovered category). */
  labelKey?: string;
  /** One colour for every indicator, instead of each series' own. */
  color?: string;
};

/** The tooltip body: the category, then one row per series with its colour, label and value. */
function ChartTooltipContent({
  active,
  payload,
  className,
  indicator = 'dot',
  hideLabel = false,
  hideIndicator = false,
  label,
  labelFormatter,
  labelClassName,
  formatter,
  color,
  nameKey,
  labelKey,
}: ChartTooltipContentProps) {
  const { config } = useChart();

  const heading = React.useMemo(() => {
    if (hideLabel || !payload?.length) return null;
    const [first] = payload;
    const key = `${labelKey ?? first?.dataKey ?? first?.name ?? 'value'}`;
    const itemConfig = configOf(config, first, key);
    const text = !labelKey && typeof label === 'string' ? (config[label]?.label ?? label) : itemConfig?.label;
    if (labelFormatter) {
      return <div className={cn('font-medium', labelClassName)}>{labelFormatter(text, payload)}</div>;
    }
    return text ? <div className={cn('font-medium', labelClassName)}>{text}</div> : null;
  }, [hideLabel, payload, labelKey, config, label, labelFormatter, labelClassName]);

  if (!active || !payload?.length) return null;

  // one series drawn as a line or dashes: the label sits beside its value, under the marker's full height
  const nestLabel = payload.length === 1 && indicator !== 'dot';

  return (
    <div
      data-slot="chart-tooltip-content"
      className={cn(
        'grid min-w-[8rem] items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl',
        className,
      )}
    >
      {nestLabel ? null : heading}
      <div className="grid gap-1.5">
        {payload
          .filter((item) => item.type !== 'none')
          .map((item, index) => {
            const key = `${nameKey ?? item.name ?? item.dataKey ?? 'value'}`;
            const itemConfig = configOf(config, item, key);
            const row = item.payload as { fill?: string } | undefined;
            const markerColour = color ?? row?.fill ?? item.color;
            const Icon = itemConfig?.icon;
            return (
              <div
                key={`${item.dataKey ?? index}`}
                className={cn(
                  'flex w-full flex-wrap items-stretch gap-2 [&>svg]:size-2.5 [&>svg]:text-muted-foreground',
                  indicator === 'dot' && 'items-center',
                )}
              >
                {formatter && item.value !== undefined && item.name !== undefined ? (
                  formatter(item.value, item.name, item, index, payload)
                ) : (
                  <>
                    {Icon ? (
                      <Icon />
                    ) : (
                      !hideIndicator && (
                        <div
                          className={cn('shrink-0 rounded-[2px] border-(--marker) bg-(--marker)', {
                            'size-2.5': indicator === 'dot',
                            'w-1': indicator === 'line',
                            'w-0 border-[1.5px] border-dashed bg-transparent': indicator === 'dashed',
                            'my-0.5': nestLabel && indicator === 'dashed',
                          })}
                          style={{ '--marker': markerColour } as React.CSSProperties}
                        />
                      )
                    )}
                    <div
                      className={cn(
                        'flex flex-1 justify-between gap-2 leading-none',
                        nestLabel ? 'items-end' : 'items-center',
                      )}
                    >
                      <div className="grid gap-1.5">
                        {nestLabel ? heading : null}
                        <span className="text-muted-foreground">{itemConfig?.label ?? item.name}</span>
                      </div>
                      {item.value !== undefined && item.value !== null && (
                        <span className="font-mono font-medium tabular-nums text-foreground">
                          {formatValue(item.value)}
                        </span>
                      )}
                    </div>
                  </>
                )}
              </div>
            );
          })}
      </div>
    </div>
  );
}

const ChartLegend = RechartsPrimitive.Legend;

/** The legend: each series' icon (or colour) and label, in a row above or below the chart. */
function ChartLegendContent({
  className,
  hideIcon = false,
  payload,
  verticalAlign = 'bottom',
  nameKey,
}: {
  className?: string;
  hideIcon?: boolean;
  payload?: ReadonlyArray<LegendPayload>;
  verticalAlign?: 'top' | 'bottom' | 'middle';
  /** The field of an item whose value names its config entry (default: its dataKey). */
  nameKey?: string;
}) {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div
      data-slot="chart-legend-content"
      className={cn(
        'flex items-center justify-center gap-4',
        verticalAlign === 'top' ? 'pb-3' : 'pt-3',
        className,
      )}
    >
      {payload
        .filter((item) => item.type !== 'none')
        .map((item, index) => {
          const key = `${nameKey ?? item.dataKey ?? 'value'}`;
          const itemConfig = configOf(config, item, key);
          const Icon = itemConfig?.icon;
          return (
            <div
              key={`${item.value ?? index}`}
              className="flex items-center gap-1.5 [&>svg]:size-3 [&>svg]:text-muted-foreground"
            >
              {Icon && !hideIcon ? (
                <Icon />
              ) : (
                <div className="size-2 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} />
              )}
              {itemConfig?.label ?? item.value}
            </div>
          );
        })}
    </div>
  );
}

export {
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
  ChartLegend,
  ChartLegendContent,
  ChartStyle,
  type ChartConfig,
};

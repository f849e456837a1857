import { cn } from '@/lib/utils';

/** A tiny bar chart of daily values (a tool's runs over the range). */
export function Sparkline({
  values,
  label,
  className,
}: {
  values: number[];
  label: string;
  className?: string;
}) {
  const max = Math.max(1, ...values);
  const n = Math.max(1, values.length);
  const gap = n > 40 ? 0.5 : 1;
  const w = 100 / n;
  return (
    <svg
      viewBox="0 0 100 28"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      className={cn('h-7 w-28 text-primary', className)}
    >
      {values.map((v, i) => {
        const h = v === 0 ? 1 : Math.max(3, (v / max) * 28);
        return (
          <rect
            key={i}
            x={i * w + gap / 2}
            y={28 - h}
            width={Math.max(0.5, w - gap)}
            height={h}
            rx={0.6}
            className={v === 0 ? 'fill-muted-foreground/20' : 'fill-current'}
          />
        );
      })}
    </svg>
  );
}

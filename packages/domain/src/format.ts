/** Thousands as K, millions as M (spec 000 §9). */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, '');
  if (abs >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
}

/** A dollar sign with 2 decimals (spec 000 §9). */
export function formatMoney(n: number): string {
  return `$${n.toFixed(2)}`;
}

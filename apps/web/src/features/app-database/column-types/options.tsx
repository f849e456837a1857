/** A stable option colour for a label: a hue from the label, so it keeps its colour between renders (spec 001 §9). */
export function optionColour(label: string): string {
  let hash = 0;
  for (let i = 0; i < label.length; i++) hash = (hash * 31 + label.charCodeAt(i)) >>> 0;
  return `hsl(${hash % 360}, 95%, 90%)`;
}

/** An option as a coloured chip (95% saturation, 90% lightness: spec 001 §9). */
export function OptionChip({ label }: { label: string }) {
  return (
    <span
      className="inline-flex max-w-full shrink-0 items-center truncate rounded-md px-1.5 py-0.5 text-xs font-medium text-zinc-800"
      style={{ backgroundColor: optionColour(label) }}
    >
      {label}
    </span>
  );
}

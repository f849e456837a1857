import { File, FileSpreadsheet, FileText, type LucideIcon } from 'lucide-react';
import type { ContextItemType } from '@buildai/domain';
import { cn } from '@/lib/utils';
import { connectorItemTypes } from '../connectors';

/** The builder's own files; the connectors' types are shown as their modules say. */
const ICONS: Partial<Record<ContextItemType, LucideIcon>> = {
  csv: FileSpreadsheet,
  doc: FileText,
  txt: FileText,
  pdf: FileText,
  unrecognized: File,
};

const TONE: Partial<Record<ContextItemType, string>> = {
  csv: 'bg-emerald-50 text-emerald-700',
  doc: 'bg-sky-50 text-sky-700',
  pdf: 'bg-rose-50 text-rose-700',
};

/** The square icon of an item's type. */
export function TypeIcon({ type, className }: { type: ContextItemType; className?: string }) {
  const look = connectorItemTypes[type];
  const Icon = look?.icon ?? ICONS[type] ?? File;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-md border',
        (look ? look.tone : TONE[type]) ?? 'bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

import {
  File,
  FileSpreadsheet,
  FileText,
  Globe,
  NotebookText,
  Presentation,
  type LucideIcon,
} from 'lucide-react';
import type { ContextItemType } from '@buildai/domain';
import { cn } from '@/lib/utils';

const ICONS: Record<ContextItemType, LucideIcon> = {
  csv: FileSpreadsheet,
  doc: FileText,
  txt: FileText,
  pdf: FileText,
  'google doc': FileText,
  'google sheet': FileSpreadsheet,
  'google slide': Presentation,
  'notion database': NotebookText,
  'notion page': NotebookText,
  'web page': Globe,
  unrecognized: File,
};

const TONE: Partial<Record<ContextItemType, string>> = {
  csv: 'bg-emerald-50 text-emerald-700',
  'google sheet': 'bg-emerald-50 text-emerald-700',
  doc: 'bg-sky-50 text-sky-700',
  'google doc': 'bg-sky-50 text-sky-700',
  pdf: 'bg-rose-50 text-rose-700',
  'web page': 'bg-violet-50 text-violet-700',
};

/** The square icon of an item's type. */
export function TypeIcon({ type, className }: { type: ContextItemType; className?: string }) {
  const Icon = ICONS[type] ?? File;
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-md border',
        TONE[type] ?? 'bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

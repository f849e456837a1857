import {
  CloudDownload,
  FileSpreadsheet,
  FileText,
  FileType2,
  Globe,
  Type,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { SOURCE_OPTIONS, type SourceOption } from '../../lib/data-rules';

const OPTION_ICONS: Record<SourceOption, LucideIcon> = {
  text: Type,
  csv: FileSpreadsheet,
  doc: FileText,
  pdf: FileType2,
  web: Globe,
};

/** The dialog's options: the kinds of data of SOURCE_OPTIONS, plus Notion and Google Drive when configured. */
export type DialogOption = SourceOption | 'import';
const IMPORT_OPTION = {
  id: 'import',
  title: 'Notion & Drive',
  description: 'Import from Notion or Google Drive',
} as const;

/** The tiles that choose the kind of data to add. */
export function SourceOptionPicker({
  option,
  importAvailable,
  busy,
  choose,
}: {
  option: DialogOption;
  importAvailable: boolean;
  busy: boolean;
  choose: (next: DialogOption) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Kind of data"
      className={cn('grid grid-cols-2 gap-2', importAvailable ? 'sm:grid-cols-3' : 'sm:grid-cols-5')}
    >
      {[...SOURCE_OPTIONS, ...(importAvailable ? [IMPORT_OPTION] : [])].map(({ id, title, description }) => {
        const Icon = id === 'import' ? CloudDownload : OPTION_ICONS[id];
        const selected = option === id;
        return (
          <button
            key={id}
            type="button"
            aria-pressed={selected}
            disabled={busy}
            onClick={() => choose(id)}
            className={cn(
              'flex flex-col items-start gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60',
              selected && 'border-primary bg-accent ring-1 ring-primary',
              id === 'text' && 'col-span-2 sm:col-span-1',
            )}
          >
            <Icon className={cn('size-4', selected ? 'text-primary' : 'text-muted-foreground')} />
            <span className="text-sm font-medium">{title}</span>
            <span className="text-xs leading-snug text-muted-foreground">{description}</span>
          </button>
        );
      })}
    </div>
  );
}

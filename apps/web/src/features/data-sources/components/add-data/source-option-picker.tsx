import { CloudDownload, FileSpreadsheet, FileText, FileType2, Type, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { addressConnectors, isAddressOption, listOfNames, type AddressOption } from '../../connectors';
import { SOURCE_OPTIONS, type SourceOption } from '../../lib/data-rules';

/** The dialog's options: the kinds of data of SOURCE_OPTIONS, plus the account connectors' imports when configured. */
export type DialogOption = SourceOption | 'import';

const OWN_ICONS: Record<Exclude<DialogOption, AddressOption>, LucideIcon> = {
  text: Type,
  csv: FileSpreadsheet,
  doc: FileText,
  pdf: FileType2,
  import: CloudDownload,
};

const iconOf = (id: DialogOption): LucideIcon =>
  isAddressOption(id) ? addressConnectors[id].option.icon : OWN_ICONS[id];

/** "Notion & Drive": one tile names every account connector (the sections inside show only the configured ones). */
const IMPORT_OPTION = {
  id: 'import',
  title: listOfNames((connector) => connector.shortName ?? connector.name, '&'),
  description: `Import from ${listOfNames((connector) => connector.name, 'or')}`,
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
        const Icon = iconOf(id);
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

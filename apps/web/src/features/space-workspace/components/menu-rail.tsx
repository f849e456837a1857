import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { menuLabel, type BuilderAppType, type PanelId } from '@/lib/builder-menu';
import { ENTRY } from '@/components/builder/main-menu';

interface Props {
  appType: BuilderAppType;
  entries: PanelId[];
  open: PanelId | null;
  onOpen: (panel: PanelId | null) => void;
}

/**
 * The menu folded to its icons (spec 001 §9: the sidebar's icon width, 3rem), so the chat and the app keep the room;
 * an icon opens its panel beside the rail, and again closes it.
 */
export function MenuRail({ appType, entries, open, onOpen }: Props) {
  return (
    <nav aria-label="App menu rail" className="flex w-12 shrink-0 flex-col items-center gap-1 border-r py-2">
      {entries.map((id) => {
        const Icon = ENTRY[id].icon;
        const label = menuLabel(id, appType);
        return (
          <Tooltip key={id}>
            <TooltipTrigger asChild>
              <button
                type="button"
                aria-label={label}
                aria-pressed={open === id}
                onClick={() => onOpen(open === id ? null : id)}
                className={cn(
                  'flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  open === id && 'bg-accent text-primary',
                )}
              >
                <Icon className="size-4" />
              </button>
            </TooltipTrigger>
            <TooltipContent side="right">{label}</TooltipContent>
          </Tooltip>
        );
      })}
    </nav>
  );
}

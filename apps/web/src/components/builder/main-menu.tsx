import {
  ChevronRight,
  Code2,
  Database,
  Info,
  LayoutList,
  ListPlus,
  Megaphone,
  MessagesSquare,
  Palette,
  Settings2,
  Type,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { menuLabel, type BuilderAppType, type PanelId } from '@/lib/builder-menu';

export const ENTRY: Record<
  PanelId,
  { icon: LucideIcon; description: string; soon?: boolean; space?: string }
> = {
  details: {
    icon: Info,
    description: 'The header and subheader of the app',
    space: 'Name and subheader',
  },
  texts: { icon: Type, description: 'Header, input and examples' },
  branding: { icon: Palette, description: 'Style, colours, logo and background' },
  fields: { icon: ListPlus, description: 'The questions visitors answer' },
  results: { icon: LayoutList, description: 'The prompt and the blocks of the result' },
  cta: { icon: Megaphone, description: 'A message and a button under the result' },
  data: { icon: Database, description: 'Your business data for the AI' },
  tools: { icon: Wrench, description: 'The tools of this app' },
  chat: { icon: MessagesSquare, description: 'An assistant for your users, on your site too' },
  settings: { icon: Settings2, description: 'Model, run limits and access', space: 'Main page and access' },
  database: {
    icon: Database,
    description: 'The app’s data tables',
    soon: true,
    space: 'Entities and their data',
  },
  code: { icon: Code2, description: 'The app’s source code', soon: true },
};

/** The main menu of the side panel: one entry per panel the app type offers (spec 001 §2). */
export function MainMenu({
  appType,
  entries,
  onOpen,
  editingTool = false,
  live = [],
}: {
  appType: BuilderAppType;
  entries: PanelId[];
  editingTool?: boolean;
  onOpen: (panel: PanelId) => void;
  /** entries whose feature is on (the chat assistant): marked Active */
  live?: readonly PanelId[];
}) {
  return (
    <nav aria-label="Builder menu">
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
        {entries.map((id) => {
          // a space app's entries are its own (its database is not a coming feature there)
          const { icon: Icon, description: generic, soon: comingSoon, space } = ENTRY[id];
          const description = appType === 'space' && space ? space : generic;
          const soon = appType !== 'space' && comingSoon;
          return (
            <li key={id}>
              <button
                type="button"
                onClick={() => onOpen(id)}
                className="group flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs group-hover:text-primary">
                  <Icon className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2 text-sm font-medium">
                    {menuLabel(id, appType, editingTool)}
                    {soon && (
                      <Badge variant="muted" className="px-1.5 py-0 text-[10px]">
                        Soon
                      </Badge>
                    )}
                    {live.includes(id) && (
                      <Badge variant="success" className="px-1.5 py-0 text-[10px]">
                        Active
                      </Badge>
                    )}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{description}</span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground/60 group-hover:text-foreground" />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

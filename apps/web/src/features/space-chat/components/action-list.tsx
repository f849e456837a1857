import {
  AlertTriangle,
  Check,
  DatabaseZap,
  FileCode2,
  FilePlus2,
  FileX2,
  Import,
  ListPlus,
  Loader2,
  Palette,
  PencilRuler,
  Scissors,
  ShieldCheck,
  TableProperties,
  Trash2,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { permissionDescription, type ChatActionType } from '@buildai/domain';
import { cn } from '@/lib/utils';
import type { ShownAction } from '../lib/actions';
import { SecretsButton } from './secrets';

const stateLabel: Record<ShownAction['state'], string> = {
  running: 'In progress',
  complete: 'Complete',
  truncated: 'Truncated',
  failed: 'Failed',
};

/** The icon of each kind of action: files, entity schemas, records, a generated app's tools and details. */
const typeIcon: Record<ChatActionType, LucideIcon> = {
  add_file: FilePlus2,
  edit_file: FileCode2,
  partial_edit: FileCode2,
  delete_file: FileX2,
  add_entity: DatabaseZap,
  edit_entity: TableProperties,
  insert_entity_records: ListPlus,
  import_entities: Import,
  request_secrets: ShieldCheck,
  add_tool: Wrench,
  edit_tool: PencilRuler,
  remove_tool: Trash2,
  edit_app: Palette,
};

function StateIcon({ state }: { state: ShownAction['state'] }) {
  const label = stateLabel[state];
  if (state === 'running') return <Loader2 className="size-4 animate-spin text-primary" aria-label={label} />;
  if (state === 'complete') return <Check className="size-4 text-emerald-600" aria-label={label} />;
  if (state === 'truncated') return <Scissors className="size-4 text-amber-600" aria-label={label} />;
  return <AlertTriangle className="size-4 text-destructive" aria-label={label} />;
}

/** What a record action did: 'Inserted 3 of 4 records', and the first refused ones with why. */
function RecordsLine({ records }: { records: NonNullable<ShownAction['records']> }) {
  const refused = records.sent - records.inserted;
  return (
    <div className="mt-0.5 text-xs text-muted-foreground">
      <p>
        {refused === 0
          ? `Inserted ${records.inserted} ${records.inserted === 1 ? 'record' : 'records'}`
          : `Inserted ${records.inserted} of ${records.sent} records, ${refused} refused`}
      </p>
      {refused > 0 && records.failed.length > 0 && records.inserted > 0 && (
        <ul aria-label="Refused records" className="mt-1 grid gap-0.5 text-amber-700">
          {records.failed.map((f) => (
            <li key={f.index} className="break-words">
              Record {f.index + 1}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The actions of one assistant message, grouped in one card: an icon for the kind of action, the title, the file
 * (or the entity's permissions, or what a record action inserted), and a spinner → check → truncated. A refused
 * action shows why, and not the permissions it asked for (they were not applied).
 */
export function ActionList({ actions }: { actions: ShownAction[] }) {
  if (!actions.length) return null;
  return (
    <ul aria-label="Changes" className="divide-y overflow-hidden rounded-lg border bg-muted/30 text-sm">
      {actions.map((a) => {
        const Icon = typeIcon[a.type];
        return (
          <li
            key={a.key}
            data-state={a.state}
            data-type={a.type}
            className="flex items-start gap-3 px-3 py-2"
          >
            <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className={cn('truncate font-medium', a.state === 'failed' && 'text-destructive')}>
                {a.title}
              </p>
              {a.file && <p className="truncate font-mono text-xs text-muted-foreground">{a.file}</p>}
              {a.permissions && a.state !== 'failed' && (
                <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                  <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
                  <span
                    className="truncate"
                    title={`Read: ${a.permissions.read}, write: ${a.permissions.write}`}
                  >
                    {permissionDescription(a.permissions)}
                  </span>
                </p>
              )}
              {a.records && a.state !== 'failed' && <RecordsLine records={a.records} />}
              {a.error && <p className="mt-1 text-xs break-words text-destructive">{a.error}</p>}
              {a.secrets && a.state === 'complete' && <SecretsButton requirements={a.secrets} />}
            </div>
            <StateIcon state={a.state} />
          </li>
        );
      })}
    </ul>
  );
}

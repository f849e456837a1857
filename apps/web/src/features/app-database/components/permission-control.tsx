import * as React from 'react';
import { Check, ChevronDown, Globe, Loader2, Lock, ShieldCheck, UserRound, Users } from 'lucide-react';
import {
  databaseTexts,
  permissionChangeMessage,
  permissionDescription,
  permissionPreset,
  permissionPresets,
  type PermissionLevel,
  type PermissionPair,
  type PermissionPreset,
} from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast, toastError } from '@/components/ui/use-toast';
import { isAppError } from '@/lib/api-client';
import type { ChatBridge } from '../types';

/** The icon of a permission: by who may read (the wider the audience, the more open the icon). */
export function permissionIcon(pair: PermissionPair) {
  const byRead: Record<PermissionLevel, typeof Globe> = {
    anonymous: Globe,
    all: Users,
    creator: UserRound,
    admin: ShieldCheck,
    none: Lock,
  };
  return byRead[pair.read];
}

/**
 * The entity's permission above the table, with its icon and description (spec 001 §6). Changing it offers the six
 * presets and asks the chat, which owns the schema: refused while a turn runs (spec 001 §5).
 */
export function PermissionControl({
  entity,
  permissions,
  chat,
}: {
  entity: string;
  permissions: PermissionPair;
  chat: ChatBridge;
}) {
  const [sending, setSending] = React.useState(false);
  const Icon = permissionIcon(permissions);
  const current = permissionPreset(permissions);

  const choose = async (preset: PermissionPreset) => {
    if (chat.busy) return toastError(databaseTexts.permissionChatBusy);
    setSending(true);
    try {
      await chat.request(permissionChangeMessage(entity, preset.label), { type: 'permissions' });
      toast({ title: 'Asked the chat to change the permissions', description: preset.label });
    } catch (error) {
      // the server's lock may see a turn the panel had not yet reported (another tab, another builder)
      const busy = isAppError(error) && error.code === 'entity/permissions-chat-busy';
      toastError(busy ? databaseTexts.permissionChatBusy : databaseTexts.permissionRequestFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Permissions: ${permissionDescription(permissions)}`}>
          {sending ? <Loader2 className="animate-spin" /> : <Icon />}
          <span className="max-w-56 truncate">{permissionDescription(permissions)}</span>
          <ChevronDown className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-80">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Who may read and write {entity} records. The chat makes the change.
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {permissionPresets.map((preset) => {
          const PresetIcon = permissionIcon(preset);
          const selected = current?.label === preset.label;
          return (
            <DropdownMenuItem
              key={preset.label}
              disabled={sending}
              onSelect={() => void (selected ? undefined : choose(preset))}
              className="items-start"
            >
              <PresetIcon className="mt-0.5" />
              <span className="grid flex-1 gap-0.5">
                <span className="text-sm">{preset.label}</span>
                <span className="text-xs text-muted-foreground">{preset.meaning}</span>
              </span>
              {selected && <Check className="mt-0.5 text-primary" />}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2, RotateCcw, ShieldAlert } from 'lucide-react';
import { accessChangeText, spaceTexts, type AccessChange } from '@buildai/domain';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { restoreVersion } from '../api/chat-messages';
import { versionAccessQuery } from '../api/versions';
import type { SpaceUIMessage } from '../lib/types';

interface DialogProps {
  appId: string;
  versionId: string;
  messageId: string;
  streaming: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRestored: (messages: SpaceUIMessage[]) => void;
  /** reports 'Reverting...' to the button that opened the dialog */
  onPendingChange?: (pending: boolean) => void;
}

/** Who may read and write what after the revert, as the confirmation names it before anything changes. */
function AccessChanges({ changes }: { changes: AccessChange[] }) {
  return (
    <div
      role="group"
      aria-label="Data access changes"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldAlert className="size-4 shrink-0" aria-hidden />
        This revert changes who can read or write data, at once, in the live app too:
      </p>
      <ul className="mt-1.5 grid gap-0.5 pl-6">
        {changes.map((c) => (
          <li key={c.entity} className="list-disc [overflow-wrap:anywhere]">
            {accessChangeText(c)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The revert's confirmation (spec 001 §4, issue 32 item 6): what goes, every change to data access the revert makes
 * (read from the server as the dialog opens), then 'Reverting...'. The server refuses a revert whose access changes
 * are not the ones shown here; the dialog then shows the new list.
 */
export function RevertDialog(props: DialogProps) {
  const { appId, versionId, messageId, streaming, open, onOpenChange, onRestored, onPendingChange } = props;
  const access = useQuery({ ...versionAccessQuery(appId, versionId), enabled: open });
  const restore = useMutation({
    mutationFn: (changes: AccessChange[]) => restoreVersion(appId, versionId, messageId, changes),
    onSuccess: (messages) => {
      onOpenChange(false);
      onRestored(messages);
    },
    onError: (err) => {
      if (isAppError(err) && err.code === 'version/access-unconfirmed') void access.refetch();
      else toastError(spaceTexts.restoreFailed);
    },
  });
  const pending = restore.isPending;
  React.useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);
  const stale = isAppError(restore.error) && restore.error.code === 'version/access-unconfirmed';
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revert to this point?</AlertDialogTitle>
          <AlertDialogDescription>
            The app goes back to how it was right after this message. Every later message and its changes are
            removed.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {access.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Checking what the revert changes…
          </p>
        )}
        {access.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(access.error)}
          </p>
        )}
        {stale && !access.isFetching && (
          <p role="alert" className="text-sm text-destructive">
            The app's data access changed meanwhile: review the changes below.
          </p>
        )}
        {access.data && access.data.length > 0 && <AccessChanges changes={access.data} />}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending || streaming || !access.data || access.isFetching}
            onClick={(e) => {
              e.preventDefault(); // stays open until the server answers
              if (access.data) restore.mutate(access.data);
            }}
          >
            {pending && <Loader2 className="animate-spin" />}
            {pending ? spaceTexts.reverting : 'Revert'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type Props = Omit<DialogProps, 'open' | 'onOpenChange' | 'onPendingChange'>;

/** Revert to the app as it was right after this message: the confirmation, 'Reverting...', then the chat kept. */
export function RevertButton(props: Props) {
  const [open, setOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-xs text-muted-foreground"
        disabled={pending || props.streaming}
        onClick={() => setOpen(true)}
      >
        {pending ? <Loader2 className="animate-spin" /> : <RotateCcw />}
        {pending ? spaceTexts.reverting : 'Revert'}
      </Button>
      <RevertDialog {...props} open={open} onOpenChange={setOpen} onPendingChange={setPending} />
    </>
  );
}

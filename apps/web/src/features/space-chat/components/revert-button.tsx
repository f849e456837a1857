import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2, RotateCcw } from 'lucide-react';
import { spaceTexts } from '@buildai/domain';
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
import { restoreVersion } from '../api/chat-messages';
import type { SpaceUIMessage } from '../lib/types';

interface Props {
  appId: string;
  versionId: string;
  messageId: string;
  streaming: boolean;
  onRestored: (messages: SpaceUIMessage[]) => void;
}

/** Revert to the app as it was before this message: confirm, 'Reverting...', then the chat the server kept. */
export function RevertButton({ appId, versionId, messageId, streaming, onRestored }: Props) {
  const [open, setOpen] = React.useState(false);
  const restore = useMutation({
    mutationFn: () => restoreVersion(appId, versionId, messageId),
    onSuccess: (messages) => {
      setOpen(false);
      onRestored(messages);
    },
    onError: () => toastError(spaceTexts.restoreFailed),
  });
  const pending = restore.isPending;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-xs text-muted-foreground"
        disabled={pending || streaming}
        onClick={() => setOpen(true)}
      >
        {pending ? <Loader2 className="animate-spin" /> : <RotateCcw />}
        {pending ? spaceTexts.reverting : 'Revert'}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revert to this point?</AlertDialogTitle>
          <AlertDialogDescription>
            The app goes back to how it was right after this message. Every later message and its changes are
            removed.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending || streaming}
            onClick={(e) => {
              e.preventDefault(); // stays open until the server answers
              restore.mutate();
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

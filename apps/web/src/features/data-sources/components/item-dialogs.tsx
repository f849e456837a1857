import * as React from 'react';
import { contextMessages } from '@buildai/domain';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/components/ui/use-toast';
import { useDeleteItem, useRenameItem, type DataItem } from '../api/context-items';

type Open = { kind: 'rename' | 'delete'; item: DataItem } | null;

/** Rename and delete of data items, shared by the panel and the dialog's tiles: the two dialogs and their openers. */
export function useItemDialogs(appId: string) {
  const [open, setOpen] = React.useState<Open>(null);
  const close = React.useCallback(() => setOpen(null), []);
  const dialogs = (
    <>
      <RenameItemDialog appId={appId} item={open?.kind === 'rename' ? open.item : null} onClose={close} />
      <DeleteItemDialog appId={appId} item={open?.kind === 'delete' ? open.item : null} onClose={close} />
    </>
  );
  return {
    rename: (item: DataItem) => setOpen({ kind: 'rename', item }),
    remove: (item: DataItem) => setOpen({ kind: 'delete', item }),
    dialogs,
  };
}

function RenameItemDialog({
  appId,
  item,
  onClose,
}: {
  appId: string;
  item: DataItem | null;
  onClose: () => void;
}) {
  const rename = useRenameItem(appId);
  const [name, setName] = React.useState('');
  const [shownFor, setShownFor] = React.useState<string | null>(null);
  // a newly opened item starts from its current name
  if (item && item.id !== shownFor) {
    setShownFor(item.id);
    setName(item.name);
  }
  const trimmed = name.trim();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!item || !trimmed) return;
    if (trimmed === item.name) return onClose();
    rename.mutate(
      { id: item.id, name: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Item renamed' });
          onClose();
        },
        onError: () => toastError(contextMessages.renameFailed),
      },
    );
  }

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(next) => {
        if (!next) {
          setShownFor(null);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Rename item</DialogTitle>
            <DialogDescription>The name is only shown to you.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="data-item-name">Name</Label>
            <Input
              id="data-item-name"
              value={name}
              maxLength={200}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteItemDialog({
  appId,
  item,
  onClose,
}: {
  appId: string;
  item: DataItem | null;
  onClose: () => void;
}) {
  const remove = useDeleteItem(appId);
  return (
    <AlertDialog open={item !== null} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete “{item?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Its data is removed and your AI stops using it. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (!item) return;
              remove.mutate(item.id, {
                onSuccess: () => {
                  toast({ title: 'Item deleted' });
                  onClose();
                },
                onError: () => toastError(contextMessages.deleteFailed),
              });
            }}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, History, LogOut, Trash2 } from 'lucide-react';
import type { ManageSubscription } from '@buildai/domain';
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { MyHistorySheet } from '@/features/runtime/components/my-history-sheet';
import { api, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A signed-in end user's menu on the app's pages: their email, 'Manage subscription' when they hold one (Gumroad's
 * management page, spec 000 §2), 'My history' (what they asked the app), 'Delete my history' and Sign out. Loaded only for them, so a visitor's page does not
 * carry the menu's code (docs/decisions/0005 "Page weight").
 */
export default function AccountMenu({
  appId,
  appName,
  email,
  onSignOut,
}: {
  appId: string;
  appName: string;
  email: string;
  onSignOut: () => void;
}) {
  const queryClient = useQueryClient();
  const [showHistory, setShowHistory] = React.useState(false);
  const manage = useQuery({
    queryKey: ['apps', appId, 'membership', 'manage'] as const,
    queryFn: ({ signal }) =>
      api<ManageSubscription>(`/api/apps/${encodeURIComponent(appId)}/membership/manage`, { signal }),
    staleTime: 60_000,
  });
  const [confirming, setConfirming] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);
  const [outcome, setOutcome] = React.useState<string | null>(null);
  const deleteHistory = async () => {
    setDeleting(true);
    try {
      await api(`/api/apps/${encodeURIComponent(appId)}/my-history`, { method: 'DELETE' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myHistory(appId) });
      setOutcome('Your history with this app was deleted.');
    } catch (err) {
      setOutcome(errorMessage(err));
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="h-9 gap-2 rounded-full bg-background/90 pr-3 pl-1 shadow-sm backdrop-blur"
            aria-label={`Account: ${email}`}
          >
            <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground uppercase">
              {email.charAt(0)}
            </span>
            <span className="hidden max-w-48 truncate text-sm sm:inline">{email}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="text-xs font-normal text-muted-foreground">Signed in as</span>
            <span className="break-all" data-testid="account-email">
              {email}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {manage.data?.url && (
            <DropdownMenuItem asChild>
              <a href={manage.data.url} target="_blank" rel="noopener noreferrer">
                <CreditCard />
                Manage subscription
              </a>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setShowHistory(true)}>
            <History />
            My history
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirming(true)}>
            <Trash2 />
            Delete my history
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog
        open={confirming || outcome !== null}
        onOpenChange={(open) => !open && (setConfirming(false), setOutcome(null))}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{outcome ? 'History' : 'Delete your history?'}</AlertDialogTitle>
            <AlertDialogDescription>
              {outcome ??
                'Everything you asked this app, its answers and your conversations are erased for good.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            {outcome ? (
              <AlertDialogCancel>Close</AlertDialogCancel>
            ) : (
              <>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  className="bg-destructive text-white hover:bg-destructive/90"
                  disabled={deleting}
                  onClick={(e) => {
                    e.preventDefault();
                    void deleteHistory();
                  }}
                >
                  Delete my history
                </AlertDialogAction>
              </>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <MyHistorySheet appId={appId} appName={appName} open={showHistory} onOpenChange={setShowHistory} />
    </>
  );
}

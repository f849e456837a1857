import * as React from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UpgradePlanDialogProvider } from '@/features/plans/hooks/upgrade-plan-dialog';
import { AppSidebar } from './app-sidebar';
import { UserMenu } from './user-menu';

/**
 * The signed-in builder's chrome: sidebar (Ctrl/Cmd+B), a header with the account menu, and the Upgrade plan dialog
 * (opened from any screen, by `?goto=upgrade_app_plan`, and after a purchase by `?sale_id=`).
 */
export function AppShell() {
  return (
    <RequireAuth>
      <UpgradePlanDialogProvider>
        <SidebarProvider {...useWorkspaceFold()}>
          <AppSidebar />
          <SidebarInset>
            <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
              <SidebarTrigger className="-ml-1" />
              <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
              <ShellTitle />
              <UserMenu />
            </header>
            <div className="flex min-w-0 flex-1 flex-col">
              <Outlet />
            </div>
          </SidebarInset>
        </SidebarProvider>
      </UpgradePlanDialogProvider>
    </RequireAuth>
  );
}

/**
 * The builder's workspace (`/build/…`) needs the width for the chat beside the preview or the code (issue 32, item
 * 9): there the product sidebar starts folded to its icons, and unfolding it (its trigger, Ctrl/Cmd+B) lasts while
 * the builder stays in the workspace; elsewhere the sidebar keeps the state saved in its cookie.
 */
function useWorkspaceFold(): { open?: boolean; onOpenChange?: (open: boolean) => void; persist?: boolean } {
  const inWorkspace = useLocation().pathname.startsWith('/build/');
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    if (!inWorkspace) setOpen(false);
  }, [inWorkspace]);
  return inWorkspace ? { open, onOpenChange: setOpen, persist: false } : {};
}

/** The page name from the deepest route's `handle.title`. */
function ShellTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)
    ?.handle as { title: string } | undefined;
  return <div className="min-w-0 flex-1 truncate text-sm font-medium">{title?.title ?? ''}</div>;
}

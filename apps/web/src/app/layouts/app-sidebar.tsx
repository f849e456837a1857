import * as React from 'react';
import { Link, useLocation } from 'react-router';
import { Home, LogOut, Plus, Settings, Sparkles, Wand2 } from 'lucide-react';
import { BrandLogo, BrandMark } from '@/components/brand-logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupAction,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';
import { useApps } from '@/features/apps/api/list-apps';
import { appTitle } from '@/features/apps/components/app-labels';
import { useNewTool } from '@/features/apps/hooks/use-new-tool';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { useUpgradePlanDialog } from '@/features/plans/hooks/upgrade-plan-dialog';

export function AppSidebar() {
  const { pathname } = useLocation();
  const { setOpenMobile, isMobile } = useSidebar();
  const apps = useApps();
  const newTool = useNewTool();
  const { account } = useAuth();
  const upgradePlan = useUpgradePlanDialog();

  // the mobile sheet closes once the user has picked a destination
  React.useEffect(() => {
    if (isMobile) setOpenMobile(false);
  }, [pathname, isMobile, setOpenMobile]);

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader className="h-14 justify-center border-b border-sidebar-border px-3">
        <Link to="/home" className="flex items-center rounded-md outline-none focus-visible:ring-2">
          <BrandLogo className="group-data-[collapsible=icon]:hidden" markClassName="size-7" />
          <BrandMark className="hidden size-7 group-data-[collapsible=icon]:block" />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild isActive={pathname === '/home'} tooltip="Home">
                <Link to="/home">
                  <Home />
                  <span>Home</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarGroup>
        <SidebarGroup className="group-data-[collapsible=icon]:hidden">
          <SidebarGroupLabel>Your apps</SidebarGroupLabel>
          <SidebarGroupAction
            title="New AI tool"
            onClick={() => newTool.create('tool')}
            disabled={newTool.pending}
          >
            <Plus />
            <span className="sr-only">New AI tool</span>
          </SidebarGroupAction>
          <SidebarGroupContent>
            <SidebarMenu>
              {apps.isPending &&
                Array.from({ length: 3 }, (_, i) => (
                  <SidebarMenuItem key={i}>
                    <SidebarMenuSkeleton showIcon />
                  </SidebarMenuItem>
                ))}
              {apps.isError && <p className="px-2 text-xs text-muted-foreground">Couldn't load your apps.</p>}
              {apps.data?.length === 0 && (
                <p className="px-2 py-1 text-xs text-muted-foreground">No apps yet.</p>
              )}
              {apps.data?.map((app) => {
                const base = `/build/app/${encodeURIComponent(app.appId)}`;
                return (
                  <SidebarMenuItem key={app.appId}>
                    <SidebarMenuButton asChild isActive={pathname.startsWith(base)}>
                      <Link to={base}>
                        <Wand2 />
                        <span>{appTitle(app)}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              tooltip="Upgrade"
              onClick={() => upgradePlan.open('default')}
              className="text-primary hover:text-primary"
            >
              <Sparkles />
              <span>Upgrade</span>
            </SidebarMenuButton>
            {account?.plan && (
              <SidebarMenuBadge className="bg-sidebar-accent font-normal text-muted-foreground capitalize">
                {account.plan}
              </SidebarMenuBadge>
            )}
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton asChild isActive={pathname === '/settings'} tooltip="Settings">
              <Link to="/settings">
                <Settings />
                <span>Settings</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Sign out">
              <Link to="/logout">
                <LogOut />
                <span>Sign out</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}

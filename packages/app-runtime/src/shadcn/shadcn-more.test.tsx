import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Bar, BarChart, XAxis } from 'recharts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AspectRatio } from '@/components/ui/aspect-ratio';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Calendar } from '@/components/ui/calendar';
import {
  Carousel,
  CarouselContent,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
} from '@/components/ui/carousel';
import {
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
} from '@/components/ui/chart';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  Command,
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
  CommandShortcut,
} from '@/components/ui/command';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuTrigger,
} from '@/components/ui/context-menu';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
} from '@/components/ui/drawer';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { InputOTP, InputOTPGroup, InputOTPSeparator, InputOTPSlot } from '@/components/ui/input-otp';
import {
  Menubar,
  MenubarContent,
  MenubarItem,
  MenubarMenu,
  MenubarShortcut,
  MenubarTrigger,
} from '@/components/ui/menubar';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
} from '@/components/ui/navigation-menu';
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from '@/components/ui/pagination';
import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from '@/components/ui/resizable';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  SidebarProvider,
  SidebarRail,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

// The rest of the built-in shadcn/ui files: they render with their libraries (react-day-picker, embla, recharts,
// cmdk, vaul, input-otp, react-resizable-panels) and find each other through "@/…" imports.

beforeAll(() => {
  // jsdom has no layout: every observed element reports a 600×300 box, so recharts' ResponsiveContainer draws
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const entry = { target, contentRect: { width: 600, height: 300 } } as unknown as ResizeObserverEntry;
      this.callback([entry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  };
  // embla watches which slides are in view
  globalThis.IntersectionObserver ??= class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  // embla reads its breakpoint options through matchMedia
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // cmdk scrolls the selected item into view
  Element.prototype.scrollIntoView ??= function () {};
});

afterEach(cleanup);

const chartData = [
  { month: 'January', desktop: 186, mobile: 80 },
  { month: 'February', desktop: 305, mobile: 200 },
];

const chartConfig = {
  desktop: { label: 'Desktop', color: '#2563eb' },
  mobile: { label: 'Mobile', theme: { light: '#60a5fa', dark: '#1e3a8a' } },
} satisfies ChartConfig;

function SidebarState() {
  return <p>sidebar {useSidebar().state}</p>;
}

function Page() {
  return (
    <SidebarProvider>
      <Sidebar collapsible="icon">
        <SidebarHeader>Acme</SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Workspace</SidebarGroupLabel>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton isActive tooltip="Inbox">
                  <span>Inbox</span>
                </SidebarMenuButton>
                <SidebarMenuBadge>128</SidebarMenuBadge>
              </SidebarMenuItem>
              <SidebarMenuItem>
                <SidebarMenuButton asChild size="sm" variant="outline">
                  <a href="#drafts">Drafts</a>
                </SidebarMenuButton>
              </SidebarMenuItem>
              <SidebarMenuItem>
                <SidebarMenuSkeleton showIcon />
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        <SidebarTrigger />
        <SidebarState />
        <Breadcrumb>
          <BreadcrumbList>
            <BreadcrumbItem>
              <BreadcrumbLink href="#home">Home</BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbPage>Reports</BreadcrumbPage>
            </BreadcrumbItem>
          </BreadcrumbList>
        </Breadcrumb>
        <Pagination>
          <PaginationContent>
            <PaginationItem>
              <PaginationPrevious href="#p1" />
            </PaginationItem>
            <PaginationItem>
              <PaginationLink href="#p1">1</PaginationLink>
            </PaginationItem>
            <PaginationItem>
              <PaginationLink href="#p2" isActive>
                2
              </PaginationLink>
            </PaginationItem>
            <PaginationItem>
              <PaginationEllipsis />
            </PaginationItem>
            <PaginationItem>
              <PaginationNext href="#p3" />
            </PaginationItem>
          </PaginationContent>
        </Pagination>
        <Collapsible defaultOpen>
          <CollapsibleTrigger>Details</CollapsibleTrigger>
          <CollapsibleContent>Shipped on Monday</CollapsibleContent>
        </Collapsible>
        <Command>
          <CommandInput placeholder="Type a command" />
          <CommandList>
            <CommandEmpty>No results.</CommandEmpty>
            <CommandGroup heading="Suggestions">
              <CommandItem>Calendar</CommandItem>
              <CommandItem>
                Search emoji
                <CommandShortcut>⌘E</CommandShortcut>
              </CommandItem>
            </CommandGroup>
            <CommandSeparator />
          </CommandList>
        </Command>
        <ToggleGroup type="single" defaultValue="left" variant="outline" aria-label="Alignment">
          <ToggleGroupItem value="left" aria-label="Left">
            L
          </ToggleGroupItem>
          <ToggleGroupItem value="right" aria-label="Right">
            R
          </ToggleGroupItem>
        </ToggleGroup>
        <Carousel className="w-64">
          <CarouselContent>
            {['One', 'Two', 'Three'].map((n) => (
              <CarouselItem key={n}>Slide {n}</CarouselItem>
            ))}
          </CarouselContent>
          <CarouselPrevious />
          <CarouselNext />
        </Carousel>
        <InputOTP maxLength={6} value="12" onChange={() => {}} aria-label="Code">
          <InputOTPGroup>
            <InputOTPSlot index={0} />
            <InputOTPSlot index={1} />
            <InputOTPSlot index={2} />
          </InputOTPGroup>
          <InputOTPSeparator />
          <InputOTPGroup>
            <InputOTPSlot index={3} />
            <InputOTPSlot index={4} />
            <InputOTPSlot index={5} />
          </InputOTPGroup>
        </InputOTP>
        <Calendar mode="single" month={new Date(2024, 5, 1)} selected={new Date(2024, 5, 12)} />
        <ChartContainer config={chartConfig} className="min-h-[200px] w-full">
          <BarChart accessibilityLayer data={chartData}>
            <XAxis dataKey="month" />
            <ChartTooltip content={<ChartTooltipContent />} />
            <ChartLegend content={<ChartLegendContent />} />
            <Bar dataKey="desktop" fill="var(--color-desktop)" isAnimationActive={false} />
            <Bar dataKey="mobile" fill="var(--color-mobile)" isAnimationActive={false} />
          </BarChart>
        </ChartContainer>
      </SidebarInset>
    </SidebarProvider>
  );
}

const slot = (element: Element | null, name: string) => element?.closest(`[data-slot="${name}"]`);

describe('more built-in shadcn/ui components', { timeout: 20_000 }, () => {
  it('render a page built from them', () => {
    const { container } = render(<Page />);

    // sidebar
    const sidebar = container.querySelector('[data-slot=sidebar]');
    expect(sidebar?.getAttribute('data-state')).toBe('expanded');
    expect(sidebar?.getAttribute('data-variant')).toBe('sidebar');
    const inbox = slot(screen.getByText('Inbox'), 'sidebar-menu-button');
    expect(inbox?.getAttribute('data-active')).toBe('true');
    expect(inbox?.className).toContain('bg-sidebar-accent');
    const drafts = screen.getByRole('link', { name: 'Drafts' });
    expect(drafts.dataset.slot).toBe('sidebar-menu-button');
    expect(drafts.dataset.size).toBe('sm');
    expect(screen.getByText('128').dataset.slot).toBe('sidebar-menu-badge');
    expect(screen.getByText('Workspace').dataset.slot).toBe('sidebar-group-label');
    expect(container.querySelector('[data-sidebar=menu-skeleton-text]')).toBeTruthy();
    expect(screen.getByText('sidebar expanded')).toBeTruthy();

    // breadcrumb, pagination, collapsible
    expect(screen.getByRole('navigation', { name: 'breadcrumb' }).dataset.slot).toBe('breadcrumb');
    expect(screen.getByText('Reports').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).dataset.slot).toBe('breadcrumb-link');
    const current = screen.getByRole('link', { name: '2' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.className).toContain('border-input');
    expect(screen.getByRole('link', { name: 'Go to next page' }).textContent).toBe('Next');
    expect(screen.getByText('More pages')).toBeTruthy();
    expect(
      slot(screen.getByText('Shipped on Monday'), 'collapsible-content')?.getAttribute('data-state'),
    ).toBe('open');

    // command
    expect(screen.getByPlaceholderText('Type a command').dataset.slot).toBe('command-input');
    expect(screen.getByText('Suggestions')).toBeTruthy();
    expect(slot(screen.getByText('Calendar'), 'command-item')).toBeTruthy();
    expect(screen.getByText('⌘E').dataset.slot).toBe('command-shortcut');

    // toggle group: the group's variant reaches its items
    const left = screen.getByRole('radio', { name: 'Left' });
    expect(left.dataset.slot).toBe('toggle-group-item');
    expect(left.getAttribute('data-state')).toBe('on');
    expect(left.className).toContain('border-input');
    fireEvent.click(screen.getByRole('radio', { name: 'Right' }));
    expect(screen.getByRole('radio', { name: 'Right' }).getAttribute('data-state')).toBe('on');

    // carousel
    const carousel = container.querySelector('[data-slot=carousel]');
    expect(carousel?.getAttribute('aria-roledescription')).toBe('carousel');
    expect(container.querySelectorAll('[data-slot=carousel-item]')).toHaveLength(3);
    expect(screen.getByText('Slide Two').getAttribute('aria-roledescription')).toBe('slide');
    expect(screen.getByRole('button', { name: 'Previous slide' }).dataset.slot).toBe('carousel-previous');
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();

    // input-otp: one box per character, filled from the value
    const slots = container.querySelectorAll('[data-slot=input-otp-slot]');
    expect(slots).toHaveLength(6);
    expect(slots[0]?.textContent).toBe('1');
    expect(slots[1]?.textContent).toBe('2');
    expect(slots[2]?.textContent).toBe('');
    expect(container.querySelector('[data-slot=input-otp-separator]')?.getAttribute('role')).toBe(
      'separator',
    );

    // calendar
    const calendar = container.querySelector('[data-slot=calendar]');
    expect(calendar?.textContent).toContain('June 2024');
    const selected = calendar?.querySelector('[data-selected-single=true]');
    expect(selected?.textContent).toBe('12');
    expect(selected?.className).toContain('bg-primary');
    expect(calendar?.querySelector('.rdp-nav')).toBeTruthy();

    // chart: the series' colours as --color-<key>, per theme, and recharts drawing inside the container
    const chart = container.querySelector('[data-slot=chart]');
    const id = chart?.getAttribute('data-chart');
    expect(id).toMatch(/^chart-/);
    const css = chart?.querySelector('style')?.textContent ?? '';
    expect(css).toContain(`[data-chart="${id}"]`);
    expect(css).toContain('--color-desktop: #2563eb;');
    expect(css).toContain('--color-mobile: #60a5fa;');
    expect(css).toContain(`.dark [data-chart="${id}"]`);
    expect(css).toContain('--color-mobile: #1e3a8a;');
    expect(chart?.querySelector('.recharts-surface')).toBeTruthy();
    expect(chart?.querySelector('.recharts-bar-rectangle path')?.getAttribute('fill')).toBe(
      'var(--color-desktop)',
    );
    expect(screen.getByText('January')).toBeTruthy();
    const legend = container.querySelector('[data-slot=chart-legend-content]');
    expect(legend?.textContent).toBe('DesktopMobile');
  });

  it('toggle the sidebar with its trigger and with Ctrl/Cmd+B', () => {
    const { container } = render(<Page />);
    const state = () => container.querySelector('[data-slot=sidebar]')?.getAttribute('data-state');

    fireEvent.click(container.querySelector('[data-slot=sidebar-trigger]')!);
    expect(state()).toBe('collapsed');
    expect(container.querySelector('[data-slot=sidebar]')?.getAttribute('data-collapsible')).toBe('icon');
    expect(screen.getByText('sidebar collapsed')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(state()).toBe('expanded');
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(state()).toBe('collapsed');
    fireEvent.keyDown(window, { key: 'b' });
    expect(state()).toBe('collapsed');
    fireEvent.click(container.querySelector('[data-slot=sidebar-rail]')!);
    expect(state()).toBe('expanded');
  });

  it('let the app control the sidebar, and show it as a sheet on a phone', () => {
    const changes: boolean[] = [];
    const { unmount } = render(
      <SidebarProvider open={false} onOpenChange={(open) => changes.push(open)}>
        <Sidebar side="right" variant="floating">
          <SidebarContent>Menu</SidebarContent>
        </Sidebar>
        <SidebarTrigger />
      </SidebarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(changes).toEqual([true]);
    expect(document.querySelector('[data-slot=sidebar]')?.getAttribute('data-state')).toBe('collapsed');
    expect(document.querySelector('[data-slot=sidebar]')?.getAttribute('data-side')).toBe('right');
    unmount();

    const width = window.innerWidth;
    act(() => {
      window.innerWidth = 500;
      window.dispatchEvent(new Event('resize'));
    });
    try {
      render(
        <SidebarProvider>
          <Sidebar>
            <SidebarContent>Phone menu</SidebarContent>
          </Sidebar>
          <SidebarTrigger />
        </SidebarProvider>,
      );
      expect(screen.queryByText('Phone menu')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
      const sheet = slot(screen.getByText('Phone menu'), 'sidebar');
      expect(sheet?.getAttribute('data-mobile')).toBe('true');
      expect(sheet?.className).toContain('bg-sidebar');
      expect(screen.getByRole('dialog').textContent).toContain('Sidebar');
    } finally {
      window.innerWidth = width;
    }
  });

  it('render the other parts too', () => {
    render(
      <div>
        <AspectRatio ratio={16 / 9}>Video</AspectRatio>
        <ResizablePanelGroup direction="horizontal">
          <ResizablePanel defaultSize={40}>Left pane</ResizablePanel>
          <ResizableHandle withHandle />
          <ResizablePanel defaultSize={60}>Right pane</ResizablePanel>
        </ResizablePanelGroup>
        <Menubar value="file">
          <MenubarMenu value="file">
            <MenubarTrigger>File</MenubarTrigger>
            <MenubarContent>
              <MenubarItem>
                New tab <MenubarShortcut>⌘T</MenubarShortcut>
              </MenubarItem>
            </MenubarContent>
          </MenubarMenu>
        </Menubar>
        <NavigationMenu value="docs">
          <NavigationMenuList>
            <NavigationMenuItem value="docs">
              <NavigationMenuTrigger>Docs</NavigationMenuTrigger>
              <NavigationMenuContent>
                <NavigationMenuLink href="#intro">Introduction</NavigationMenuLink>
              </NavigationMenuContent>
            </NavigationMenuItem>
            <NavigationMenuItem>
              <NavigationMenuLink href="#blog" className={navigationMenuTriggerStyle()}>
                Blog
              </NavigationMenuLink>
            </NavigationMenuItem>
          </NavigationMenuList>
        </NavigationMenu>
        <HoverCard open>
          <HoverCardTrigger href="#ada">@ada</HoverCardTrigger>
          <HoverCardContent>Ada Lovelace</HoverCardContent>
        </HoverCard>
        <ContextMenu>
          <ContextMenuTrigger>Right-click here</ContextMenuTrigger>
          <ContextMenuContent>
            <ContextMenuItem variant="destructive">Remove</ContextMenuItem>
          </ContextMenuContent>
        </ContextMenu>
        <Drawer open>
          <DrawerContent>
            <DrawerHeader>
              <DrawerTitle>Move goal</DrawerTitle>
              <DrawerDescription>Set your daily target.</DrawerDescription>
            </DrawerHeader>
            <DrawerFooter>Footer</DrawerFooter>
          </DrawerContent>
        </Drawer>
      </div>,
    );
    const hidden = true;
    expect(slot(screen.getByText('Video'), 'aspect-ratio')).toBeTruthy();
    const handle = document.querySelector('[data-slot=resizable-handle]');
    expect(handle?.getAttribute('data-panel-group-direction')).toBe('horizontal');
    expect(handle?.querySelector('svg')).toBeTruthy();
    expect(slot(screen.getByText('Left pane'), 'resizable-panel')).toBeTruthy();
    expect(screen.getByText('⌘T').dataset.slot).toBe('menubar-shortcut');
    expect(slot(screen.getByText('New tab'), 'menubar-content')?.className).toContain('bg-popover');
    expect(screen.getByRole('button', { name: 'Docs', hidden }).dataset.slot).toBe('navigation-menu-trigger');
    expect(screen.getByText('Introduction').dataset.slot).toBe('navigation-menu-link');
    expect(document.querySelector('[data-slot=navigation-menu-viewport]')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace').dataset.slot).toBe('hover-card-content');

    fireEvent.contextMenu(screen.getByText('Right-click here'));
    expect(screen.getByText('Remove').dataset.variant).toBe('destructive');

    const drawer = slot(screen.getByText('Move goal'), 'drawer-content');
    expect(drawer?.getAttribute('data-vaul-drawer-direction')).toBe('bottom');
    expect(screen.getByText('Set your daily target.').dataset.slot).toBe('drawer-description');
    expect(screen.getByText('Footer').dataset.slot).toBe('drawer-footer');
  });

  it('show the hovered category in the chart tooltip, a row per series', () => {
    const { container } = render(
      <ChartContainer config={chartConfig}>
        <BarChart data={chartData}>
          <XAxis dataKey="month" />
          <ChartTooltip defaultIndex={1} content={<ChartTooltipContent indicator="line" />} />
          <Bar dataKey="desktop" fill="var(--color-desktop)" isAnimationActive={false} />
          <Bar dataKey="mobile" fill="var(--color-mobile)" isAnimationActive={false} />
        </BarChart>
      </ChartContainer>,
    );
    const tooltip = container.querySelector('[data-slot=chart-tooltip-content]');
    expect(tooltip?.className).toContain('bg-background');
    expect(tooltip?.textContent).toBe('FebruaryDesktop305Mobile200');
  });

  it('open a command palette in a dialog', () => {
    render(
      <CommandDialog open>
        <CommandInput placeholder="Search" />
        <CommandList>
          <CommandEmpty>Nothing found</CommandEmpty>
          <CommandItem>Profile</CommandItem>
          <CommandItem>Billing</CommandItem>
        </CommandList>
      </CommandDialog>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Command Palette');
    expect(dialog.textContent).toContain('Profile');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'bill' } });
    expect(screen.queryByText('Profile')).toBeNull();
    expect(screen.getByText('Billing')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'zzz' } });
    expect(screen.getByText('Nothing found')).toBeTruthy();
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Progress } from '@/components/ui/progress';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Slider } from '@/components/ui/slider';
import { Toaster as SonnerToaster } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { Toggle } from '@/components/ui/toggle';
import { Toaster } from '@/components/ui/toaster';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useIsMobile } from '@/hooks/use-mobile';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

// The built-in shadcn/ui files a space app gets when it has none of its own: they render, and their parts
// find each other through "@/…" imports.

beforeAll(() => {
  // Radix measures popper content with ResizeObserver, which jsdom lacks
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

function ProfileForm() {
  const form = useForm<{ name: string }>({ defaultValues: { name: 'Ada' } });
  return (
    <Form {...form}>
      <form>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Display name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </form>
    </Form>
  );
}

function Page() {
  return (
    <main>
      <Button variant="outline" size="sm">
        Save draft
      </Button>
      <Card>
        <CardHeader>
          <CardTitle>Monthly report</CardTitle>
          <CardDescription>Numbers for March</CardDescription>
        </CardHeader>
        <CardContent>42 orders</CardContent>
      </Card>
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="details">Details</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">Overview panel</TabsContent>
        <TabsContent value="details">Details panel</TabsContent>
      </Tabs>
      <Select>
        <SelectTrigger aria-label="Fruit">
          <SelectValue placeholder="Pick a fruit" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="apple">Apple</SelectItem>
        </SelectContent>
      </Select>
      <Tooltip defaultOpen>
        <TooltipTrigger asChild>
          <Button size="icon">?</Button>
        </TooltipTrigger>
        <TooltipContent>Helpful hint</TooltipContent>
      </Tooltip>
      <ProfileForm />
      <Dialog open>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete project</DialogTitle>
            <DialogDescription>This cannot be undone.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
      <Toaster />
    </main>
  );
}

describe('built-in shadcn/ui components', () => {
  it('render a page built from them', () => {
    render(<Page />);
    // the open modal dialog hides the rest of the page from the accessibility tree, so role queries outside it
    // include hidden elements
    const hidden = true;

    expect(screen.getByRole('button', { name: 'Save draft', hidden }).className).toContain('border-input');
    expect(screen.getByText('Monthly report').dataset.slot).toBe('card-title');
    expect(screen.getByText('42 orders')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview', hidden }).getAttribute('data-state')).toBe('active');
    expect(screen.getByText('Overview panel')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Fruit', hidden }).textContent).toContain('Pick a fruit');
    expect(screen.getAllByText('Helpful hint').length).toBeGreaterThan(0);
    const input = screen.getByLabelText('Display name') as HTMLInputElement;
    expect(input.value).toBe('Ada');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Delete project');
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('render the other parts too', () => {
    function Width() {
      return <p>{useIsMobile() ? 'narrow' : 'wide'}</p>;
    }
    render(
      <div>
        <Badge variant="secondary">New</Badge>
        <Alert variant="destructive">
          <AlertTitle>Heads up</AlertTitle>
          <AlertDescription>Quota almost used</AlertDescription>
        </Alert>
        <Accordion type="single" collapsible defaultValue="a">
          <AccordionItem value="a">
            <AccordionTrigger>Shipping</AccordionTrigger>
            <AccordionContent>Ships in 2 days</AccordionContent>
          </AccordionItem>
        </Accordion>
        <Avatar>
          <AvatarFallback>AL</AvatarFallback>
        </Avatar>
        <Label htmlFor="terms">Accept terms</Label>
        <Checkbox id="terms" defaultChecked />
        <Switch aria-label="Notifications" />
        <RadioGroup defaultValue="one">
          <RadioGroupItem value="one" aria-label="One" />
        </RadioGroup>
        <Slider defaultValue={[20, 80]} />
        <Progress value={40} />
        <Separator />
        <ScrollArea className="h-20">Long list</ScrollArea>
        <Skeleton className="h-4" />
        <Textarea placeholder="Notes" />
        <Toggle aria-label="Bold">B</Toggle>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Plan</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell>Pro</TableCell>
            </TableRow>
          </TableBody>
        </Table>
        <Width />
        <Popover open>
          <PopoverTrigger>Filters</PopoverTrigger>
          <PopoverContent>Filter panel</PopoverContent>
        </Popover>
        <DropdownMenu open>
          <DropdownMenuTrigger>Account</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>Signed in</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive">Sign out</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <Sheet open>
          <SheetContent side="left">
            <SheetTitle>Menu</SheetTitle>
          </SheetContent>
        </Sheet>
        <AlertDialog open>
          <AlertDialogContent>
            <AlertDialogTitle>Really?</AlertDialogTitle>
            <AlertDialogCancel>Keep</AlertDialogCancel>
            <AlertDialogAction>Delete</AlertDialogAction>
          </AlertDialogContent>
        </AlertDialog>
        <SonnerToaster />
      </div>,
    );
    for (const text of [
      'New',
      'Heads up',
      'Ships in 2 days',
      'AL',
      'Pro',
      'wide',
      'Filter panel',
      'Sign out',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Menu').closest('[data-slot=sheet-content]')?.getAttribute('data-side')).toBe(
      'left',
    );
    expect(screen.getByText('Delete').className).toContain('bg-primary');
    expect(screen.getByText('Keep').className).toContain('border-input');
    expect(screen.getAllByRole('slider', { hidden: true })).toHaveLength(2);
    expect(screen.getByRole('checkbox', { hidden: true }).getAttribute('data-state')).toBe('checked');
  });

  it('show a toast() in the Toaster, one at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    let second: ReturnType<typeof toast> | undefined;
    act(() => {
      second = toast({ title: 'Saved', description: 'Your changes are live.', variant: 'destructive' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your changes are live.')).toBeTruthy();
    act(() => second?.update({ title: 'Saved again' }));
    expect(screen.getByText('Saved again')).toBeTruthy();
  });

  it('merge classes with cn, later Tailwind classes winning', () => {
    expect(cn('p-2', 'p-4')).toBe('p-4');
    expect(cn('px-2', false, ['text-sm', { hidden: false }])).toBe('px-2 text-sm');
    expect(buttonVariants({ variant: 'ghost', size: 'icon' })).toContain('size-9');
  });
});

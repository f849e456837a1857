import * as React from 'react';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { type DayButton, DayPicker, getDefaultClassNames } from 'react-day-picker';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type CalendarProps = React.ComponentProps<typeof DayPicker> & {
  /** The look of the previous and next month buttons. */
  buttonVariant?: React.ComponentProps<typeof Button>['variant'];
};

type ClassNames = NonNullable<CalendarProps['classNames']>;

/** Our Tailwind classes for each part of DayPicker (its own `rdp-*` names stay, for an app's CSS). */
function calendarClassNames(
  captionLayout: CalendarProps['captionLayout'],
  buttonVariant: CalendarProps['buttonVariant'],
): ClassNames {
  const navButton = cn(
    buttonVariants({ variant: buttonVariant }),
    'size-(--cell-size) select-none p-0 aria-disabled:opacity-50',
  );
  return {
    root: 'w-fit',
    months: 'relative flex flex-col gap-4 md:flex-row',
    month: 'flex w-full flex-col gap-4',
    nav: 'absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1',
    button_previous: navButton,
    button_next: navButton,
    month_caption: 'flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)',
    dropdowns: 'flex h-(--cell-size) w-full items-center justify-center gap-1.5 text-sm font-medium',
    dropdown_root: cn(
      'relative rounded-md border border-input shadow-xs',
      'has-focus:border-ring has-focus:ring-[3px] has-focus:ring-ring/50',
    ),
    dropdown: 'absolute inset-0 bg-popover opacity-0',
    caption_label: cn(
      'select-none font-medium',
      captionLayout === 'label'
        ? 'text-sm'
        : 'flex h-8 items-center gap-1 rounded-md pl-2 pr-1 text-sm [&>svg]:size-3.5 [&>svg]:text-muted-foreground',
    ),
    month_grid: 'w-full border-collapse',
    weekdays: 'flex',
    weekday: 'flex-1 select-none rounded-md text-[0.8rem] font-normal text-muted-foreground',
    week: 'mt-2 flex w-full',
    week_number_header: 'w-(--cell-size) select-none',
    week_number: 'select-none text-[0.8rem] text-muted-foreground',
    day: cn(
      'group/day relative aspect-square h-full w-full select-none p-0 text-center',
      '[&:first-child[data-selected=true]_button]:rounded-l-md [&:last-child[data-selected=true]_button]:rounded-r-md',
    ),
    range_start: 'rounded-l-md bg-accent',
    range_middle: 'rounded-none',
    range_end: 'rounded-r-md bg-accent',
    today: 'rounded-md bg-accent text-accent-foreground data-[selected=true]:rounded-none',
    outside: 'text-muted-foreground aria-selected:text-muted-foreground',
    disabled: 'text-muted-foreground opacity-50',
    hidden: 'invisible',
  };
}

function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  captionLayout = 'label',
  buttonVariant = 'ghost',
  formatters,
  components,
  ...props
}: CalendarProps) {
  const defaults = getDefaultClassNames();
  const ours = calendarClassNames(captionLayout, buttonVariant);
  // every part: DayPicker's name, ours, then the app's own
  const merged: ClassNames = {};
  for (const key of new Set([
    ...Object.keys(defaults),
    ...Object.keys(ours),
    ...Object.keys(classNames ?? {}),
  ])) {
    const k = key as keyof ClassNames;
    merged[k] = cn(defaults[k as keyof typeof defaults], ours[k], classNames?.[k]);
  }

  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      captionLayout={captionLayout}
      className={cn(
        'group/calendar bg-background p-3 [--cell-size:2rem]',
        // inside a popover or card, take its background
        'in-data-[slot=card-content]:bg-transparent in-data-[slot=popover-content]:bg-transparent',
        'rtl:**:[.rdp-button_next>svg]:rotate-180 rtl:**:[.rdp-button_previous>svg]:rotate-180',
        className,
      )}
      classNames={merged}
      formatters={{
        formatMonthDropdown: (date) => date.toLocaleString('default', { month: 'short' }),
        ...formatters,
      }}
      components={{
        Root: CalendarRoot,
        Chevron: CalendarChevron,
        DayButton: CalendarDayButton,
        WeekNumber: CalendarWeekNumber,
        ...components,
      }}
      {...props}
    />
  );
}

function CalendarRoot({
  className,
  rootRef,
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { rootRef?: React.Ref<HTMLDivElement> }) {
  return <div data-slot="calendar" ref={rootRef} className={cn(className)} {...props} />;
}

function CalendarChevron({
  className,
  orientation,
}: {
  className?: string;
  size?: number;
  disabled?: boolean;
  orientation?: 'up' | 'down' | 'left' | 'right';
}) {
  const Icon =
    orientation === 'left'
      ? ChevronLeft
      : orientation === 'right'
        ? ChevronRight
        : orientation === 'up'
          ? ChevronUp
          : ChevronDown;
  return <Icon className={cn('size-4', className)} />;
}

function CalendarWeekNumber({ children, ...props }: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th {...props}>
      <div className="flex size-(--cell-size) items-center justify-center text-center">{children}</div>
    </th>
  );
}

/** The button of one day: DayPicker's modifiers as data attributes, styled from them. */
function CalendarDayButton({ className, day, modifiers, ...props }: React.ComponentProps<typeof DayButton>) {
  const ref = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);

  const single =
    modifiers.selected && !modifiers.range_start && !modifiers.range_end && !modifiers.range_middle;
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="icon"
      data-day={day.date.toLocaleDateString()}
      data-selected-single={single || undefined}
      data-range-start={modifiers.range_start || undefined}
      data-range-end={modifiers.range_end || undefined}
      data-range-middle={modifiers.range_middle || undefined}
      className={cn(
        'flex aspect-square size-auto w-full min-w-(--cell-size) flex-col gap-1 font-normal leading-none',
        'data-[selected-single=true]:bg-primary data-[selected-single=true]:text-primary-foreground',
        'data-[range-middle=true]:rounded-none data-[range-middle=true]:bg-accent data-[range-middle=true]:text-accent-foreground',
        'data-[range-start=true]:rounded-md data-[range-start=true]:rounded-r-none',
        'data-[range-start=true]:bg-primary data-[range-start=true]:text-primary-foreground',
        'data-[range-end=true]:rounded-md data-[range-end=true]:rounded-l-none',
        'data-[range-end=true]:bg-primary data-[range-end=true]:text-primary-foreground',
        'group-data-[focused=true]/day:relative group-data-[focused=true]/day:z-10',
        'group-data-[focused=true]/day:border-ring group-data-[focused=true]/day:ring-[3px] group-data-[focused=true]/day:ring-ring/50',
        'dark:hover:text-accent-foreground [&>span]:text-xs [&>span]:opacity-70',
        className,
      )}
      {...props}
    />
  );
}

export { Calendar, CalendarDayButton };

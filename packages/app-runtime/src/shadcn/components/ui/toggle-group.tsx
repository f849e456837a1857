import * as React from 'react';
import * as ToggleGroupPrimitive from '@radix-ui/react-toggle-group';
import { type VariantProps } from 'class-variance-authority';
import { toggleVariants } from '@/components/ui/toggle';
import { cn } from '@/lib/utils';

type ToggleStyle = VariantProps<typeof toggleVariants> & { spacing?: number };

// The group's variant, size and spacing, for items that do not set their own.
const GroupStyle = React.createContext<ToggleStyle>({ variant: 'default', size: 'default', spacing: 0 });

function ToggleGroup({
  className,
  variant,
  size,
  spacing = 0,
  children,
  style,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Root> & ToggleStyle) {
  const value = React.useMemo(() => ({ variant, size, spacing }), [variant, size, spacing]);
  return (
    <ToggleGroupPrimitive.Root
      data-slot="toggle-group"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      data-spacing={spacing}
      style={{ gap: spacing ? `calc(var(--spacing) * ${spacing})` : undefined, ...style }}
      className={cn(
        'group/toggle-group flex w-fit items-center rounded-md',
        'data-[variant=outline]:data-[spacing=0]:shadow-xs',
        className,
      )}
      {...props}
    >
      <GroupStyle.Provider value={value}>{children}</GroupStyle.Provider>
    </ToggleGroupPrimitive.Root>
  );
}

function ToggleGroupItem({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Item> & VariantProps<typeof toggleVariants>) {
  const group = React.useContext(GroupStyle);
  const itemVariant = group.variant ?? variant;
  const itemSize = group.size ?? size;
  return (
    <ToggleGroupPrimitive.Item
      data-slot="toggle-group-item"
      data-variant={itemVariant ?? 'default'}
      data-size={itemSize ?? 'default'}
      data-spacing={group.spacing ?? 0}
      className={cn(
        toggleVariants({ variant: itemVariant, size: itemSize }),
        'w-auto min-w-0 shrink-0 px-3 focus:z-10 focus-visible:z-10',
        // joined into one bar when there is no gap: only the outer corners rounded, one border between items
        'data-[spacing=0]:rounded-none data-[spacing=0]:shadow-none',
        'data-[spacing=0]:first:rounded-l-md data-[spacing=0]:last:rounded-r-md',
        'data-[spacing=0]:data-[variant=outline]:border-l-0 data-[spacing=0]:data-[variant=outline]:first:border-l',
        className,
      )}
      {...props}
    />
  );
}

export { ToggleGroup, ToggleGroupItem };

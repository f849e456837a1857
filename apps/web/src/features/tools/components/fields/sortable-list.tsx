import * as React from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The list after dragging the item `activeId` onto the place of `overId`; the same list when nothing moves. */
export function moveById<T>(
  items: readonly T[],
  getId: (item: T) => string,
  activeId: string,
  overId: string,
) {
  const from = items.findIndex((item) => getId(item) === activeId);
  const to = items.findIndex((item) => getId(item) === overId);
  if (from < 0 || to < 0 || from === to) return [...items];
  return arrayMove([...items], from, to);
}

export interface DragHandleProps {
  label: string;
  disabled?: boolean;
}

interface ItemContext {
  handle: (props: DragHandleProps) => React.ReactNode;
  dragging: boolean;
}

interface Props<T> {
  items: readonly T[];
  getId: (item: T) => string;
  onReorder: (next: T[]) => void;
  renderItem: (item: T, ctx: ItemContext) => React.ReactNode;
  className?: string;
  'aria-label'?: string;
}

/**
 * A vertical list reordered by dragging a handle, with the mouse, touch or the keyboard (focus the handle, Space to
 * pick up, arrows to move, Space to drop, Escape to cancel).
 */
export function SortableList<T>({ items, getId, onReorder, renderItem, className, ...rest }: Props<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(moveById(items, getId, String(active.id), String(over.id)));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={cn('grid grid-cols-1 gap-2', className)} aria-label={rest['aria-label']}>
          {items.map((item) => (
            <SortableRow key={getId(item)} id={getId(item)}>
              {(ctx) => renderItem(item, ctx)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, children }: { id: string; children: (ctx: ItemContext) => React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = ({ label, disabled }: DragHandleProps) => (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      disabled={disabled}
      className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-40"
    >
      <GripVertical className="size-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-sortable-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative min-w-0', isDragging && 'z-10 opacity-90 shadow-lg')}
    >
      {children({ handle, dragging: isDragging })}
    </li>
  );
}

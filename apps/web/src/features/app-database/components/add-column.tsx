import * as React from 'react';
import { Loader2, Plus } from 'lucide-react';
import { useMutationForm } from '@/components/forms/use-mutation-form';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Textarea } from '@/components/ui/textarea';
import { toastError } from '@/components/ui/use-toast';
import type { ChatBridge } from '../types';

/** The chat message asking for a new column. */
export function addColumnMessage(entity: string, description: string): string {
  return `Please add a column to the entity "${entity}": ${description}`;
}

/**
 * The add-column pseudo-column's header (id 999999). Columns are the entity's schema, which the chat writes (and a
 * version records, so revert undoes it): the header explains that and sends the builder's description to the chat.
 */
export function AddColumnHeader({
  entity,
  chat,
  width,
}: {
  entity: string;
  chat: ChatBridge;
  width: string;
}) {
  const [open, setOpen] = React.useState(false);
  // the web's form hook (docs/decisions/0005 "Web forms"): the request to the chat is its mutation
  const { form, submit, pending } = useMutationForm<{ description: string }>({
    defaultValues: { description: '' },
    byCode: {},
    send: ({ description }) => chat.request(addColumnMessage(entity, description.trim())),
    onSent: () => setOpen(false),
    onRefused: () => {
      toastError('The chat could not take the request', 'Try again in a moment.');
      return true;
    },
  });
  const text = form.watch('description');
  return (
    <div role="columnheader" className="flex h-full shrink-0 items-center justify-center" style={{ width }}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label="Add column" title="Add column">
            <Plus />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-80">
          <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
            <div>
              <p className="text-sm font-medium">Add a column</p>
              <p className="mt-1 text-xs text-muted-foreground">
                Columns come from the {entity} schema, which the chat changes. Describe the column and the
                chat adds it; the change is part of a version you can revert.
              </p>
            </div>
            <Textarea
              aria-label="New column"
              placeholder="e.g. priority: one of low, medium or high"
              className="min-h-20"
              {...form.register('description', { validate: (value) => value.trim() !== '' && !chat.busy })}
            />
            <Button type="submit" size="sm" disabled={!text.trim() || chat.busy || pending}>
              {pending && <Loader2 className="animate-spin" />}
              {chat.busy ? 'The chat is busy…' : 'Ask the chat'}
            </Button>
          </form>
        </PopoverContent>
      </Popover>
    </div>
  );
}

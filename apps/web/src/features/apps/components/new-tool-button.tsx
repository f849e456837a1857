import * as React from 'react';
import { Boxes, ChevronDown, LayoutGrid, Loader2, Plus, Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useNewTool } from '../hooks/use-new-tool';
import { DescribeAppDialog } from './describe-app';

export function NewToolButton({ children = 'New AI tool', ...props }: Omit<ButtonProps, 'onClick'>) {
  const { create, pending } = useNewTool();
  return (
    <Button onClick={() => create('tool')} disabled={pending || props.disabled} {...props}>
      {pending ? <Loader2 className="animate-spin" /> : <Plus />}
      {pending ? 'Creating…' : children}
    </Button>
  );
}

/** "New" with its three kinds: a space app built by chat, an app that holds several tools, or a single AI tool. */
export function NewAppMenu(props: Omit<ButtonProps, 'onClick'>) {
  const { create, pending } = useNewTool();
  const [describing, setDescribing] = React.useState(false);
  return (
    <>
      <DescribeAppDialog open={describing} onOpenChange={setDescribing} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button disabled={pending || props.disabled} {...props}>
            {pending ? <Loader2 className="animate-spin" /> : <Plus />}
            {pending ? 'Creating…' : 'New'}
            <ChevronDown className="opacity-70" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuItem onSelect={() => create('space')} className="items-start gap-3 py-2">
            <Boxes className="mt-0.5" />
            <span>
              <span className="block font-medium">Space app</span>
              <span className="block text-xs text-muted-foreground">
                Pages, data and sign-in, written with the chat
              </span>
            </span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDescribing(true)} className="items-start gap-3 py-2">
            <LayoutGrid className="mt-0.5" />
            <span>
              <span className="block font-medium">App with several tools</span>
              <span className="block text-xs text-muted-foreground">
                Describe it: the chat writes its AI tools
              </span>
            </span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => create('tool')} className="items-start gap-3 py-2">
            <Sparkles className="mt-0.5" />
            <span>
              <span className="block font-medium">AI tool</span>
              <span className="block text-xs text-muted-foreground">One prompt, its fields, one link</span>
            </span>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

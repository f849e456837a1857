import { Loader2, Plus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useNewTool } from '../hooks/use-new-tool';

export function NewToolButton({ children = 'New AI tool', ...props }: Omit<ButtonProps, 'onClick'>) {
  const { create, pending } = useNewTool();
  return (
    <Button onClick={create} disabled={pending || props.disabled} {...props}>
      {pending ? <Loader2 className="animate-spin" /> : <Plus />}
      {pending ? 'Creating…' : children}
    </Button>
  );
}

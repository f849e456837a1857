import { Plus, Wrench } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A generated app without tools: what to do first. */
export function NoToolYet({ onAddTool }: { onAddTool: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-5 py-8 text-center">
      <div className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Wrench className="size-5" />
      </div>
      <h3 className="mt-3 text-sm font-semibold">No tools yet</h3>
      <p className="mt-1 max-w-xs text-xs text-muted-foreground">
        Add a tool to your app, then edit its texts here and see it in the preview.
      </p>
      <Button size="sm" className="mt-4" onClick={onAddTool}>
        <Plus />
        Open App tools
      </Button>
    </div>
  );
}

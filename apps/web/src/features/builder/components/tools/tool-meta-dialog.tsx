import * as React from 'react';
import { TOOL_PATH_MAX_LENGTH, TOOL_TITLE_MAX_LENGTH, type ToolSummary } from '@buildai/domain';
import { FormError, SubmitButton } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { toToolPath, toolMetaProblem } from './tool-rules';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the tool to rename; none to add a tool */
  tool?: ToolSummary;
  /** the app's tools, for the unique path rule */
  tools: readonly ToolSummary[];
  /** sends it; a thrown error's message is shown */
  onSubmit: (input: { title: string; path: string }) => Promise<void>;
}

/** Add a tool, or rename one: its title and its /tool/{path}. */
export function ToolMetaDialog({ open, onOpenChange, ...rest }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <ToolMetaForm {...rest} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ToolMetaForm({
  tool,
  tools,
  onSubmit,
  onCancel,
}: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const id = React.useId();
  const [title, setTitle] = React.useState(tool?.title ?? '');
  const [path, setPath] = React.useState(tool?.path ?? '');
  const [pathTouched, setPathTouched] = React.useState(Boolean(tool));
  const [problem, setProblem] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const effectivePath = pathTouched ? path : toToolPath(title);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = { title: title.trim(), path: effectivePath.trim() };
    const why = toolMetaProblem(input, tools, tool?.toolId);
    if (why) return setProblem(why);
    setPending(true);
    try {
      await onSubmit(input);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{tool ? 'Rename tool' : 'Add tool'}</DialogTitle>
        <DialogDescription>
          {tool
            ? 'Changing the path changes the tool’s public link.'
            : 'A new draft tool in this app. You can activate it once it has a header.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          autoFocus
          placeholder="e.g. Blog post ideas"
          maxLength={TOOL_TITLE_MAX_LENGTH}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setProblem(null);
          }}
        />
        {title.length >= TOOL_TITLE_MAX_LENGTH && (
          <p className="text-xs text-muted-foreground">{TOOL_TITLE_MAX_LENGTH} characters max</p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-path`}>Path</Label>
        <div className="flex items-center rounded-md border border-input bg-muted/40 pl-3 text-sm shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/40">
          <span className="shrink-0 font-mono text-muted-foreground">/tool/</span>
          <input
            id={`${id}-path`}
            className="h-9 min-w-0 flex-1 bg-transparent pr-3 font-mono outline-none"
            placeholder="blog-post-ideas"
            maxLength={TOOL_PATH_MAX_LENGTH}
            value={effectivePath}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              setPathTouched(true);
              setPath(e.target.value);
              setProblem(null);
            }}
          />
        </div>
        <p className="text-xs text-muted-foreground">Letters, numbers and dashes.</p>
      </div>
      <FormError message={problem} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={pending} pendingLabel={tool ? 'Saving…' : 'Adding…'}>
          {tool ? 'Save' : 'Add tool'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

import * as React from 'react';
import { z } from 'zod';
import {
  errorCatalogue,
  TOOL_PATH_MAX_LENGTH,
  TOOL_TITLE_MAX_LENGTH,
  type ToolSummary,
} from '@buildai/domain';
import { FieldError, FormError, SubmitButton } from '@/components/form-feedback';
import { useSchemaForm } from '@/components/forms/use-schema-form';
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
import { toToolPath, toolMetaProblem } from './tool-rules';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the tool to rename; none to add a tool */
  tool?: ToolSummary;
  /** the app's tools, for the unique path rule */
  tools: readonly ToolSummary[];
  /** sends it; a refusal is shown next to its field, or under the form */
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

/**
 * The title and path rules of spec 001 §5 as a schema: the web's `toolMetaProblem` (the domain's limits, path
 * pattern and `toolPathTaken`) decides, and its message goes next to the field it is about.
 */
function toolMetaSchema(tools: readonly ToolSummary[], toolId?: string) {
  return z.object({ title: z.string(), path: z.string() }).superRefine((value, ctx) => {
    const problem = toolMetaProblem(value, tools, toolId);
    if (!problem) return;
    const field = problem === errorCatalogue['tool/title-too-long'].message ? 'title' : 'path';
    ctx.addIssue({ code: 'custom', path: [field], message: problem });
  });
}

function ToolMetaForm({
  tool,
  tools,
  onSubmit,
  onCancel,
}: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const id = React.useId();
  // a new tool's path follows its title until the builder types a path of their own
  const [pathTouched, setPathTouched] = React.useState(Boolean(tool));
  const schema = React.useMemo(() => toolMetaSchema(tools, tool?.toolId), [tools, tool?.toolId]);
  const { form, submit, pending, errorOf, formError } = useSchemaForm({
    schema,
    defaultValues: { title: tool?.title ?? '', path: tool?.path ?? '' },
    byCode: { 'tool/title-too-long': 'title', 'tool/path-invalid': 'path', 'tool/path-taken': 'path' },
    send: ({ title, path }) => onSubmit({ title: title.trim(), path: path.trim() }),
  });
  const titleError = errorOf('title');
  const pathError = errorOf('path');
  const title = form.watch('title');

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
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          {...form.register('title', {
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              if (!pathTouched) form.setValue('path', toToolPath(e.target.value));
            },
          })}
        />
        <FieldError id={`${id}-title-error`} message={titleError} />
        {!titleError && title.length >= TOOL_TITLE_MAX_LENGTH && (
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
            aria-invalid={pathError ? true : undefined}
            aria-describedby={pathError ? `${id}-path-error` : `${id}-path-hint`}
            {...form.register('path', { onChange: () => setPathTouched(true) })}
          />
        </div>
        {pathError ? (
          <FieldError id={`${id}-path-error`} message={pathError} />
        ) : (
          <p id={`${id}-path-hint`} className="text-xs text-muted-foreground">
            Letters, numbers and dashes.
          </p>
        )}
      </div>
      <FormError message={formError} />
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

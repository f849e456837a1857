import * as React from 'react';
import { Lightbulb, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { FormField } from '../lib/form-steps';

interface Props {
  field: FormField;
  id: string;
  value: string;
  onChange: (value: string) => void;
  examples: string[];
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Ctrl/Cmd+Enter */
  onSubmitShortcut?: () => void;
}

/** The tool's main input (name `input`), its examples as chips, and its collapsed form behind a button. */
export function MainInput({
  field,
  id,
  value,
  onChange,
  examples,
  invalid,
  disabled,
  describedBy,
  onSubmitShortcut,
}: Props) {
  const [open, setOpen] = React.useState(!field.collapsed);
  const textarea = React.useRef<HTMLTextAreaElement>(null);
  const expanded = open || !field.collapsed || value !== '';

  function pickExample(example: string) {
    onChange(example);
    setOpen(true);
    requestAnimationFrame(() => textarea.current?.focus());
  }

  return (
    <div className="grid gap-2">
      {expanded ? (
        <>
          <Label htmlFor={id} id={`${id}-label`}>
            {field.label}
            {field.required && <span className="text-destructive">*</span>}
          </Label>
          <Textarea
            ref={textarea}
            id={id}
            name={field.name}
            rows={4}
            className="min-h-28 resize-y"
            placeholder={field.placeholder}
            value={value}
            required={field.required}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
                e.preventDefault();
                onSubmitShortcut?.();
              }
            }}
          />
        </>
      ) : (
        <div>
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
            <Plus />
            {field.label}
          </Button>
        </div>
      )}
      {examples.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" aria-label="Examples" role="group">
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <Lightbulb className="size-3.5" /> Try
          </span>
          {examples.map((ex) => (
            <button
              type="button"
              key={ex}
              disabled={disabled}
              title={ex}
              className="max-w-full truncate rounded-full border bg-background px-3 py-1 text-xs text-muted-foreground transition-colors hover:border-primary/50 hover:bg-accent hover:text-accent-foreground disabled:opacity-50 sm:max-w-72"
              onClick={() => pickExample(ex)}
            >
              {ex}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

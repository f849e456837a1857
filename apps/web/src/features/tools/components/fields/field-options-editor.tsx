import * as React from 'react';
import { ImageIcon, Plus, X } from 'lucide-react';
import { MAX_FIELD_OPTIONS, OPTION_LABEL_MAX_LENGTH } from '@buildai/domain';
import { z } from 'zod';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { optionProblem } from './field-rules';

export interface FieldOption {
  label: string;
  iconUrl?: string;
}

interface Props {
  options: FieldOption[];
  onChange: (options: FieldOption[]) => void;
  idPrefix: string;
}

/** The choices of a select field: a label and an optional icon URL each, labels unique case-insensitively. */
export function FieldOptionsEditor({ options, onChange, idPrefix }: Props) {
  const full = options.length >= MAX_FIELD_OPTIONS;
  // the shared `optionProblem` (empty, too long, a duplicate) decides; its message goes under the inputs
  const schema = React.useMemo(
    () =>
      z.object({ label: z.string(), iconUrl: z.string() }).superRefine(({ label }, ctx) => {
        const why = optionProblem(label, options);
        if (why) ctx.addIssue({ code: 'custom', path: ['label'], message: why });
      }),
    [options],
  );
  // a part of the field's form (forms do not nest): it is sent by its button or Enter, to the field's options
  const { form, submit, errorOf } = useSchemaForm({
    schema,
    defaultValues: { label: '', iconUrl: '' },
    byCode: {},
    send: async ({ label, iconUrl }) =>
      onChange([...options, { label: label.trim(), ...(iconUrl.trim() ? { iconUrl: iconUrl.trim() } : {}) }]),
  });
  const problem = errorOf('label');
  const add = () => void submit();

  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Options</legend>
      {options.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-3 text-center text-xs text-muted-foreground">
          No options yet. Add the choices your users pick from.
        </p>
      ) : (
        <ul className="grid gap-1.5" aria-label="Options">
          {options.map((o, i) => (
            <li
              key={`${o.label}-${i}`}
              className="flex items-center gap-2 rounded-md border bg-muted/30 py-1 pr-1 pl-2"
            >
              {o.iconUrl ? (
                <img src={o.iconUrl} alt="" className="size-5 shrink-0 rounded object-cover" />
              ) : (
                <ImageIcon className="size-4 shrink-0 text-muted-foreground/60" aria-hidden />
              )}
              <span className="min-w-0 flex-1 truncate text-sm">{o.label}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove option ${o.label}`}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-option-label`} className="text-xs text-muted-foreground">
            Option label
          </Label>
          <Input
            id={`${idPrefix}-option-label`}
            maxLength={OPTION_LABEL_MAX_LENGTH}
            placeholder="e.g. Beginner"
            aria-invalid={problem ? true : undefined}
            disabled={full}
            onKeyDown={onEnter}
            {...form.register('label')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-option-icon`} className="text-xs text-muted-foreground">
            Icon URL (optional)
          </Label>
          <Input
            id={`${idPrefix}-option-icon`}
            type="url"
            placeholder="https://…"
            disabled={full}
            onKeyDown={onEnter}
            {...form.register('iconUrl')}
          />
        </div>
        <Button type="button" variant="outline" onClick={add} disabled={full}>
          <Plus />
          Add option
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

import * as React from 'react';
import { ImageIcon, Plus, X } from 'lucide-react';
import { MAX_FIELD_OPTIONS, OPTION_LABEL_MAX_LENGTH } from '@buildai/domain';
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
  const [label, setLabel] = React.useState('');
  const [iconUrl, setIconUrl] = React.useState('');
  const [problem, setProblem] = React.useState<string | null>(null);
  const full = options.length >= MAX_FIELD_OPTIONS;

  function add() {
    const why = optionProblem(label, options);
    if (why) return setProblem(why);
    onChange([...options, { label: label.trim(), ...(iconUrl.trim() ? { iconUrl: iconUrl.trim() } : {}) }]);
    setLabel('');
    setIconUrl('');
    setProblem(null);
  }

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
            value={label}
            maxLength={OPTION_LABEL_MAX_LENGTH}
            placeholder="e.g. Beginner"
            aria-invalid={problem ? true : undefined}
            disabled={full}
            onChange={(e) => {
              setLabel(e.target.value);
              setProblem(null);
            }}
            onKeyDown={onEnter}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-option-icon`} className="text-xs text-muted-foreground">
            Icon URL (optional)
          </Label>
          <Input
            id={`${idPrefix}-option-icon`}
            type="url"
            value={iconUrl}
            placeholder="https://…"
            disabled={full}
            onChange={(e) => setIconUrl(e.target.value)}
            onKeyDown={onEnter}
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

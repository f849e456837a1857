import { Pencil, Trash2 } from 'lucide-react';
import type { CustomField } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { FIELD_TYPE_LABELS } from './field-rules';

interface Props {
  field: CustomField;
  handle: React.ReactNode;
  /** the steps to choose from, when multi-step input is on */
  steps: readonly { id: string; title: string }[] | null;
  onStepChange: (stepId: string) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One custom field in the panel's list: drag handle, label, `{{name}}`, type, step, edit and delete. */
export function FieldListItem({ field, handle, steps, onStepChange, onEdit, onDelete }: Props) {
  const title = field.label || field.name;
  const flags = [
    field.required && 'Required',
    field.personal && 'Personal',
    field.memorize && 'Memorized',
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-lg border bg-background p-2 pr-1 shadow-xs">
      {handle}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <span className="truncate font-mono">{`{{${field.name}}}`}</span>
          <span aria-hidden>·</span>
          <span className="shrink-0">{FIELD_TYPE_LABELS[field.type]}</span>
        </p>
        {flags.length > 0 && <p className="text-xs text-muted-foreground/80">{flags.join(' · ')}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button variant="ghost" size="icon-sm" aria-label={`Edit ${title}`} onClick={onEdit}>
          <Pencil />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Delete ${title}`}
          onClick={onDelete}
        >
          <Trash2 />
        </Button>
      </div>
      {steps && steps.length > 0 && (
        <NativeSelect
          aria-label={`Step of ${title}`}
          className="basis-full pl-10"
          value={field.stepId ?? steps[0]!.id}
          onChange={(e) => onStepChange(e.target.value)}
        >
          {steps.map((s, i) => (
            <option key={s.id} value={s.id}>
              {s.title.trim() || `Step ${i + 1}`}
            </option>
          ))}
        </NativeSelect>
      )}
    </div>
  );
}

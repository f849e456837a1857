import { Trash2 } from 'lucide-react';
import type { CustomField, FieldType } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';

export const FIELD_TYPE_LABEL: Partial<Record<FieldType, string>> = {
  text: 'Text',
  long_text: 'Long text',
  select: 'Select',
  multiselect: 'Multi-select',
  email: 'Email',
};

interface Props {
  field: CustomField;
  onChange: (patch: Partial<CustomField>) => void;
  onRemove: () => void;
}

export function FieldRow({ field, onChange, onRemove }: Props) {
  const editableType = field.type === 'text' || field.type === 'long_text';
  const switchId = `required-${field.name}`;
  return (
    <li className="relative flex flex-col gap-3 rounded-lg border bg-background p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 pr-10 sm:pr-0">
        <p className="truncate text-sm font-medium">{field.label || field.name}</p>
        <p className="truncate font-mono text-xs text-muted-foreground">{`{{${field.name}}}`}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {editableType ? (
          <NativeSelect
            aria-label={`Type of ${field.label}`}
            className="w-32"
            value={field.type}
            onChange={(e) => onChange({ type: e.target.value as FieldType })}
          >
            <option value="text">Text</option>
            <option value="long_text">Long text</option>
          </NativeSelect>
        ) : (
          <span className="w-32 text-sm text-muted-foreground">
            {FIELD_TYPE_LABEL[field.type] ?? field.type}
          </span>
        )}
        <label htmlFor={switchId} className="flex items-center gap-2 text-sm text-muted-foreground">
          <Switch
            id={switchId}
            checked={field.required}
            onCheckedChange={(required) => onChange({ required })}
          />
          Required
        </label>
        <Button
          variant="ghost"
          size="icon-sm"
          className="absolute top-2 right-2 text-muted-foreground hover:text-destructive sm:static"
          onClick={onRemove}
          aria-label={`Remove ${field.label || field.name}`}
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}

import type { CustomField } from '@buildai/domain';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

export type FieldValue = string | string[];

interface Props {
  field: CustomField;
  id: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  invalid?: boolean;
  disabled?: boolean;
}

function optionsOf(field: CustomField) {
  return field.options ?? field.optionsConfig?.options ?? [];
}

/** One custom field of a tool as a form control, by type (spec 000 §3). */
export function FieldControl({ field, id, value, onChange, invalid, disabled }: Props) {
  const common = {
    id,
    name: field.name,
    disabled,
    required: field.required,
    'aria-invalid': invalid || undefined,
  };
  const text = typeof value === 'string' ? value : value.join(', ');

  switch (field.type) {
    case 'long_text':
      return (
        <Textarea
          {...common}
          rows={4}
          className="min-h-24"
          placeholder={field.placeholder}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <NativeSelect {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder || 'Choose an option'}</option>
          {optionsOf(field).map((o) => (
            <option key={o.label} value={o.label}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case 'multiselect': {
      const selected = Array.isArray(value) ? value : value ? [value] : [];
      return (
        <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-2">
          {optionsOf(field).map((o) => {
            const on = selected.includes(o.label);
            return (
              <button
                type="button"
                key={o.label}
                disabled={disabled}
                aria-pressed={on}
                onClick={() => onChange(on ? selected.filter((s) => s !== o.label) : [...selected, o.label])}
                className="rounded-full border px-3 py-1 text-sm transition-colors hover:bg-accent aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground disabled:opacity-50"
              >
                {o.label}
              </button>
            );
          })}
        </div>
      );
    }
    default:
      return (
        <Input
          {...common}
          type={field.type === 'email' ? 'email' : 'text'}
          placeholder={field.placeholder}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

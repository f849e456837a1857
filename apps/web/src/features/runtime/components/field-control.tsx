import { MapPin } from 'lucide-react';
import { fieldOptions, type CustomField } from '@buildai/domain';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { FieldValue } from '../lib/form-steps';
import { MeasureInput } from './measure-input';
import { OptionChips } from './option-chips';
import { PhotoInput } from './photo-input';

export type { FieldValue } from '../lib/form-steps';

interface Props {
  field: CustomField;
  id: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** id of the text that explains the field's problem */
  describedBy?: string;
}

/** One custom field of a tool as a form control, by type (spec 000 §3: all ten types). */
export function FieldControl({ field, id, value, onChange, invalid, disabled, describedBy }: Props) {
  const common = {
    id,
    name: field.name,
    disabled,
    required: field.required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  const text = typeof value === 'string' ? value : value.join(', ');
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const options = fieldOptions(field);

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
    case 'tool_item_select':
      if (options.some((o) => o.iconUrl)) {
        return (
          <OptionChips
            id={id}
            options={options}
            multiple={false}
            selected={list}
            disabled={disabled}
            invalid={invalid}
            onChange={(next) => onChange(next[0] ?? '')}
          />
        );
      }
      return (
        <NativeSelect {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {field.placeholder || (field.type === 'tool_item_select' ? 'Choose an item' : 'Choose an option')}
          </option>
          {options.map((o) => (
            <option key={o.label} value={o.label}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case 'multiselect':
      return (
        <OptionChips
          id={id}
          options={options}
          multiple
          selected={list}
          disabled={disabled}
          invalid={invalid}
          onChange={onChange}
        />
      );
    case 'height':
    case 'weight':
      return (
        <MeasureInput
          id={id}
          name={field.name}
          kind={field.type}
          value={text}
          placeholder={field.placeholder}
          required={field.required}
          disabled={disabled}
          invalid={invalid}
          describedBy={describedBy}
          onChange={onChange}
        />
      );
    case 'photo':
      return (
        <PhotoInput
          id={id}
          name={field.name}
          value={text}
          disabled={disabled}
          invalid={invalid}
          describedBy={describedBy}
          onChange={onChange}
        />
      );
    case 'place':
      return (
        <div className="relative">
          <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            {...common}
            type="text"
            autoComplete="address-level2"
            placeholder={field.placeholder || 'City, region or address'}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            className="pl-9"
          />
        </div>
      );
    case 'email':
      return (
        <Input
          {...common}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={field.placeholder || 'name@example.com'}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <Input
          {...common}
          type="text"
          placeholder={field.placeholder}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

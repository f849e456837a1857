import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

const UNITS = { height: ['cm', 'in'], weight: ['kg', 'lb'] } as const;

/** "180 cm" → { amount: '180', unit: 'cm' }; the unit falls back to the first of the kind. */
export function parseMeasure(value: string, kind: 'height' | 'weight'): { amount: string; unit: string } {
  const units: readonly string[] = UNITS[kind];
  const m = /^\s*([0-9]*[.,]?[0-9]*)\s*([A-Za-z]*)\s*$/.exec(value);
  const unit = m?.[2] && units.includes(m[2].toLowerCase()) ? m[2].toLowerCase() : units[0]!;
  return { amount: m?.[1] ?? '', unit };
}

interface Props {
  id: string;
  name: string;
  kind: 'height' | 'weight';
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** A height or a weight: a number and its unit, sent as "180 cm" / "72 kg". */
export function MeasureInput({
  id,
  name,
  kind,
  value,
  onChange,
  placeholder,
  required,
  disabled,
  invalid,
  describedBy,
}: Props) {
  const { amount, unit } = parseMeasure(value, kind);
  const emit = (a: string, u: string) => onChange(a.trim() === '' ? '' : `${a.trim()} ${u}`);
  return (
    <div className="flex gap-2">
      <Input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={placeholder || (kind === 'height' ? 'e.g. 175' : 'e.g. 70')}
        value={amount}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => emit(e.target.value, unit)}
        className="min-w-0 flex-1"
      />
      <NativeSelect
        aria-label={`${kind === 'height' ? 'Height' : 'Weight'} unit`}
        value={unit}
        disabled={disabled}
        onChange={(e) => emit(amount, e.target.value)}
        className="w-24 shrink-0"
      >
        {UNITS[kind].map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

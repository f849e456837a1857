import { Plus, Trash2, X } from 'lucide-react';
import {
  expectationLabels,
  expectationTypes,
  type Evaluation,
  type EvaluationCase,
  type Expectation,
  type ExpectationType,
} from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { blankExpectation, keysText, parseKeys } from '../lib/cases';

type Field = Evaluation['target']['fields'][number];

const placeholders: Record<ExpectationType, string> = {
  contains: 'Text the answer must contain',
  not_contains: 'Text the answer must not contain',
  regex: 'A regular expression, e.g. ^Dear \\w+',
  json_shape: 'Keys, comma-separated (empty: any JSON)',
  judge: 'What a good answer does, e.g. "Is polite and under 50 words"',
};

function ExpectationRow({
  expectation,
  onChange,
  onRemove,
  label,
}: {
  expectation: Expectation;
  onChange: (next: Expectation) => void;
  onRemove?: () => void;
  label: string;
}) {
  const text =
    expectation.type === 'regex'
      ? expectation.pattern
      : expectation.type === 'json_shape'
        ? keysText(expectation.keys)
        : expectation.type === 'judge'
          ? expectation.criteria
          : expectation.value;
  const setText = (value: string) => {
    if (expectation.type === 'regex') onChange({ ...expectation, pattern: value });
    else if (expectation.type === 'json_shape') onChange({ ...expectation, keys: parseKeys(value) });
    else if (expectation.type === 'judge') onChange({ ...expectation, criteria: value });
    else onChange({ ...expectation, value });
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-muted/50 p-2 sm:flex-row sm:items-start sm:bg-transparent sm:p-0">
      <NativeSelect
        aria-label={`${label}: kind`}
        className="sm:w-48 sm:shrink-0"
        value={expectation.type}
        onChange={(e) => onChange(blankExpectation(e.target.value as ExpectationType))}
      >
        {expectationTypes.map((type) => (
          <option key={type} value={type}>
            {expectationLabels[type]}
          </option>
        ))}
      </NativeSelect>
      <div className="flex min-w-0 flex-1 gap-2">
        {expectation.type === 'judge' ? (
          <Textarea
            aria-label={`${label}: what the judge checks`}
            className="min-h-9"
            rows={2}
            value={text}
            placeholder={placeholders.judge}
            onChange={(e) => setText(e.target.value)}
          />
        ) : (
          <Input
            aria-label={`${label}: ${expectationLabels[expectation.type].toLowerCase()}`}
            key={expectation.type}
            className={expectation.type === 'regex' ? 'font-mono' : undefined}
            // keys are kept as typed until the field is left, so a comma can be written
            {...(expectation.type === 'json_shape'
              ? { defaultValue: text, onBlur: (e) => setText(e.target.value) }
              : { value: text, onChange: (e) => setText(e.target.value) })}
            placeholder={placeholders[expectation.type]}
          />
        )}
        {onRemove && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
            <X />
          </Button>
        )}
      </div>
    </div>
  );
}

/** One test case: its name, the inputs it fills, and what the answer must do. */
export function CaseCard({
  index,
  value,
  fields,
  onChange,
  onRemove,
}: {
  index: number;
  value: EvaluationCase;
  fields: Field[];
  onChange: (next: EvaluationCase) => void;
  onRemove: () => void;
}) {
  const title = `Case ${index + 1}`;
  const setExpectation = (i: number, next: Expectation) =>
    onChange({ ...value, expectations: value.expectations.map((e, j) => (j === i ? next : e)) });
  return (
    <section
      aria-label={value.name.trim() || title}
      className="rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex items-center gap-2">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium text-muted-foreground">
          {index + 1}
        </span>
        <Input
          aria-label={`${title}: name`}
          className="h-8 border-transparent px-2 font-medium shadow-none hover:border-input"
          value={value.name}
          placeholder={title}
          maxLength={120}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${title.toLowerCase()}`}
          onClick={onRemove}
        >
          <Trash2 />
        </Button>
      </div>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const raw = value.inputs[field.name];
          const current = Array.isArray(raw) ? raw.join(', ') : raw === undefined ? '' : String(raw);
          const long = field.name === 'message' || field.name === 'input';
          const id = `${value.id}-${field.name}`;
          return (
            <div key={field.name} className={long ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}>
              <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
                {field.label}
                {field.required && <span className="text-destructive"> *</span>}
              </label>
              {long ? (
                <Textarea
                  id={id}
                  rows={2}
                  value={current}
                  onChange={(e) =>
                    onChange({ ...value, inputs: { ...value.inputs, [field.name]: e.target.value } })
                  }
                />
              ) : (
                <Input
                  id={id}
                  value={current}
                  onChange={(e) =>
                    onChange({ ...value, inputs: { ...value.inputs, [field.name]: e.target.value } })
                  }
                />
              )}
            </div>
          );
        })}
      </div>

      <div className="mt-4 grid gap-2">
        <p className="text-xs font-medium text-muted-foreground">The answer passes when it</p>
        {value.expectations.map((expectation, i) => (
          <ExpectationRow
            key={i}
            label={`${title} expectation ${i + 1}`}
            expectation={expectation}
            onChange={(next) => setExpectation(i, next)}
            onRemove={
              value.expectations.length > 1
                ? () => onChange({ ...value, expectations: value.expectations.filter((_, j) => j !== i) })
                : undefined
            }
          />
        ))}
        {value.expectations.length < 8 && (
          <Button
            variant="ghost"
            size="sm"
            className="w-fit text-muted-foreground"
            onClick={() =>
              onChange({ ...value, expectations: [...value.expectations, blankExpectation('contains')] })
            }
          >
            <Plus />
            Add expectation
          </Button>
        )}
      </div>
    </section>
  );
}

import * as React from 'react';
import {
  charactersMax,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  fieldOptions,
  type CustomField,
  type FieldType,
} from '@buildai/domain';
import { z } from 'zod';
import { FormError } from '@/components/form-feedback';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toFieldName } from '@/lib/format';
import type { BuilderAccount } from '@/lib/builder-types';
import { FieldOptionsEditor, type FieldOption } from './field-options-editor';
import { SwitchRow } from './switch-row';
import {
  FIELD_TYPE_LABELS,
  fieldProblem,
  fieldTypeProblem,
  FILTER_CONDITION_LABELS,
  hasPlaceholder,
  isSelectType,
  normalizeField,
  offeredFieldTypes,
  OPTIONS_REQUIRED_MESSAGE,
  type FilterCondition,
} from './field-rules';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the field being edited; none to add one */
  field?: CustomField;
  /** the tool's other fields */
  others: readonly CustomField[];
  account: BuilderAccount;
  /** the input steps, when multi-step input is on */
  steps: readonly { id: string; title: string }[] | null;
  onSubmit: (field: CustomField) => void;
}

/** Add or edit a custom field (spec 000 §3, §5). */
export function FieldDialog({ open, onOpenChange, field, ...rest }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[600px]">
        <FieldForm field={field} onCancel={() => onOpenChange(false)} {...rest} />
      </DialogContent>
    </Dialog>
  );
}

interface FieldValues {
  label: string;
  name: string;
  type: FieldType;
  required: boolean;
  personal: boolean;
  memorize: boolean;
  placeholder: string;
  instructions: string;
  options: FieldOption[];
  filter: FilterCondition;
  stepId: string;
}

/**
 * The field rules of spec 000 §3, §5 as a schema: the shared `fieldProblem` (the domain's label and name rules),
 * the plan's types (only when the type changes) and a select's options. The first problem is shown under the form.
 */
function fieldSchema(others: readonly CustomField[], account: BuilderAccount, currentType?: FieldType) {
  return z.custom<FieldValues>().superRefine((v, ctx) => {
    const problem: [keyof FieldValues, string | null][] = [
      ['name', fieldProblem({ label: v.label, name: v.name }, others)],
      ['type', v.type !== currentType ? fieldTypeProblem(v.type, account) : null],
      ['options', isSelectType(v.type) && v.options.length === 0 ? OPTIONS_REQUIRED_MESSAGE : null],
    ];
    const first = problem.find(([, why]) => why);
    if (first) ctx.addIssue({ code: 'custom', path: [first[0]], message: first[1]! });
  });
}

function FieldForm({
  field,
  others,
  account,
  steps,
  onSubmit,
  onCancel,
}: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const id = React.useId();
  // a new field's name follows its label until the builder types a name of their own
  const [nameTouched, setNameTouched] = React.useState(Boolean(field));
  const schema = React.useMemo(
    () => fieldSchema(others, account, field?.type),
    [others, account, field?.type],
  );
  const { form, submit, errorOf } = useSchemaForm<FieldValues>({
    schema,
    defaultValues: {
      label: field?.label ?? '',
      name: field?.name ?? '',
      type: field?.type ?? 'text',
      required: field?.required ?? false,
      personal: field?.personal ?? false,
      memorize: field?.memorize ?? false,
      placeholder: field?.placeholder ?? '',
      instructions: field?.instructions ?? '',
      options: field ? fieldOptions(field) : [],
      filter: field?.filterCondition ?? 'none',
      stepId: field?.stepId ?? steps?.[steps.length - 1]?.id ?? '',
    },
    byCode: {},
    // the field is kept in the tool's draft; the draft is saved with the tool
    send: async (v) =>
      onSubmit(
        normalizeField({
          ...field,
          name: v.name,
          label: v.label,
          type: v.type,
          required: v.required,
          personal: v.type === 'email' || v.personal,
          memorize: v.memorize,
          placeholder: v.placeholder,
          instructions: v.instructions,
          options: v.options,
          optionsConfig: undefined,
          filterCondition: v.filter,
          stepId: steps ? v.stepId || undefined : field?.stepId,
        }),
      ),
  });
  const { label, name, type, required, personal, memorize, options } = form.watch();
  const problem = errorOf('name') ?? errorOf('type') ?? errorOf('options');
  const types = offeredFieldTypes(account, field?.type);
  const isEmail = type === 'email';
  const set = <K extends keyof FieldValues>(key: K, value: FieldValues[K]) =>
    form.setValue(key as never, value as never, { shouldValidate: form.formState.isSubmitted });

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{field ? 'Edit field' : 'Add field'}</DialogTitle>
        <DialogDescription>
          A question your users answer before they run the tool. Use its name in the prompt as{' '}
          <code className="font-mono text-xs">{`{{${name || 'name'}}}`}</code>.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-label`}>Label</Label>
        <Input
          id={`${id}-label`}
          autoFocus
          placeholder="e.g. Company name"
          maxLength={FIELD_LABEL_MAX_LENGTH}
          {...form.register('label', {
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              if (!nameTouched) set('name', toFieldName(e.target.value));
            },
          })}
        />
        {label.length >= FIELD_LABEL_MAX_LENGTH && (
          <p className="text-xs text-muted-foreground">{charactersMax(FIELD_LABEL_MAX_LENGTH)}</p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name in the prompt</Label>
          <Input
            id={`${id}-name`}
            className="font-mono"
            placeholder="companyName"
            maxLength={FIELD_NAME_MAX_LENGTH}
            aria-invalid={problem ? true : undefined}
            {...form.register('name', { onChange: () => setNameTouched(true) })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect id={`${id}-type`} {...form.register('type')}>
            {types.map((t) => (
              <option key={t} value={t}>
                {FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {steps && steps.length > 0 && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-step`}>Step</Label>
          <NativeSelect id={`${id}-step`} {...form.register('stepId')}>
            {steps.map((s, i) => (
              <option key={s.id} value={s.id}>
                {s.title.trim() || `Step ${i + 1}`}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}

      {hasPlaceholder(type) && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-placeholder`}>Placeholder</Label>
          <Input id={`${id}-placeholder`} placeholder="Optional" {...form.register('placeholder')} />
        </div>
      )}

      {type === 'photo' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-instructions`}>Instructions</Label>
          <Textarea
            id={`${id}-instructions`}
            className="min-h-16"
            placeholder="e.g. A well-lit photo of the front of the product"
            {...form.register('instructions')}
          />
        </div>
      )}

      {isSelectType(type) && (
        <>
          <FieldOptionsEditor idPrefix={id} options={options} onChange={(next) => set('options', next)} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-filter`}>Filter condition</Label>
            <NativeSelect id={`${id}-filter`} {...form.register('filter')}>
              {Object.entries(FILTER_CONDITION_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </NativeSelect>
          </div>
        </>
      )}

      <div className="grid gap-3 rounded-lg border p-3">
        <SwitchRow
          id={`${id}-required`}
          label="Required"
          checked={required}
          onChange={(on) => set('required', on)}
        >
          Users must answer it before running the tool.
        </SwitchRow>
        <SwitchRow
          id={`${id}-personal`}
          label="Personal"
          checked={isEmail || personal}
          disabled={isEmail}
          onChange={(on) => set('personal', on)}
        >
          {isEmail ? 'Email fields are always personal.' : 'Kept private: left out of shared results.'}
        </SwitchRow>
        <SwitchRow
          id={`${id}-memorize`}
          label="Memorize"
          checked={memorize}
          onChange={(on) => set('memorize', on)}
        >
          Filled in with the user's last answer next time.
        </SwitchRow>
      </div>

      <FormError message={problem} />

      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{field ? 'Save field' : 'Add field'}</Button>
      </DialogFooter>
    </form>
  );
}

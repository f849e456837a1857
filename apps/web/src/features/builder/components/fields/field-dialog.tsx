import * as React from 'react';
import {
  charactersMax,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  fieldOptions,
  type CustomField,
  type FieldType,
} from '@buildai/domain';
import { FormError } from '@/components/form-feedback';
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
import type { BuilderAccount } from '../../types';
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

function FieldForm({
  field,
  others,
  account,
  steps,
  onSubmit,
  onCancel,
}: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const id = React.useId();
  const [label, setLabel] = React.useState(field?.label ?? '');
  const [name, setName] = React.useState(field?.name ?? '');
  const [nameTouched, setNameTouched] = React.useState(Boolean(field));
  const [type, setType] = React.useState<FieldType>(field?.type ?? 'text');
  const [required, setRequired] = React.useState(field?.required ?? false);
  const [personal, setPersonal] = React.useState(field?.personal ?? false);
  const [memorize, setMemorize] = React.useState(field?.memorize ?? false);
  const [placeholder, setPlaceholder] = React.useState(field?.placeholder ?? '');
  const [instructions, setInstructions] = React.useState(field?.instructions ?? '');
  const [options, setOptions] = React.useState<FieldOption[]>(field ? fieldOptions(field) : []);
  const [filter, setFilter] = React.useState<FilterCondition>(field?.filterCondition ?? 'none');
  const [stepId, setStepId] = React.useState(field?.stepId ?? steps?.[steps.length - 1]?.id ?? '');
  const [problem, setProblem] = React.useState<string | null>(null);

  const effectiveName = nameTouched ? name : toFieldName(label);
  const types = offeredFieldTypes(account, field?.type);
  const isEmail = type === 'email';
  const clear = () => setProblem(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const why =
      fieldProblem({ label, name: effectiveName }, others) ??
      (type !== field?.type ? fieldTypeProblem(type, account) : null) ??
      (isSelectType(type) && options.length === 0 ? OPTIONS_REQUIRED_MESSAGE : null);
    if (why) return setProblem(why);
    onSubmit(
      normalizeField({
        ...field,
        name: effectiveName,
        label,
        type,
        required,
        personal: isEmail || personal,
        memorize,
        placeholder,
        instructions,
        options,
        optionsConfig: undefined,
        filterCondition: filter,
        stepId: steps ? stepId || undefined : field?.stepId,
      }),
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{field ? 'Edit field' : 'Add field'}</DialogTitle>
        <DialogDescription>
          A question your users answer before they run the tool. Use its name in the prompt as{' '}
          <code className="font-mono text-xs">{`{{${effectiveName || 'name'}}}`}</code>.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-label`}>Label</Label>
        <Input
          id={`${id}-label`}
          autoFocus
          placeholder="e.g. Company name"
          maxLength={FIELD_LABEL_MAX_LENGTH}
          value={label}
          onChange={(e) => {
            setLabel(e.target.value);
            clear();
          }}
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
            value={effectiveName}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              setNameTouched(true);
              setName(e.target.value);
              clear();
            }}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect
            id={`${id}-type`}
            value={type}
            onChange={(e) => {
              setType(e.target.value as FieldType);
              clear();
            }}
          >
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
          <NativeSelect id={`${id}-step`} value={stepId} onChange={(e) => setStepId(e.target.value)}>
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
          <Input
            id={`${id}-placeholder`}
            placeholder="Optional"
            value={placeholder}
            onChange={(e) => setPlaceholder(e.target.value)}
          />
        </div>
      )}

      {type === 'photo' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-instructions`}>Instructions</Label>
          <Textarea
            id={`${id}-instructions`}
            className="min-h-16"
            placeholder="e.g. A well-lit photo of the front of the product"
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
          />
        </div>
      )}

      {isSelectType(type) && (
        <>
          <FieldOptionsEditor
            idPrefix={id}
            options={options}
            onChange={(next) => {
              setOptions(next);
              clear();
            }}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-filter`}>Filter condition</Label>
            <NativeSelect
              id={`${id}-filter`}
              value={filter}
              onChange={(e) => setFilter(e.target.value as FilterCondition)}
            >
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
        <SwitchRow id={`${id}-required`} label="Required" checked={required} onChange={setRequired}>
          Users must answer it before running the tool.
        </SwitchRow>
        <SwitchRow
          id={`${id}-personal`}
          label="Personal"
          checked={isEmail || personal}
          disabled={isEmail}
          onChange={setPersonal}
        >
          {isEmail ? 'Email fields are always personal.' : 'Kept private: left out of shared results.'}
        </SwitchRow>
        <SwitchRow id={`${id}-memorize`} label="Memorize" checked={memorize} onChange={setMemorize}>
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

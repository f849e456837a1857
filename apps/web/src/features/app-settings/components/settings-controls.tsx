import * as React from 'react';
import { Plus, RotateCw } from 'lucide-react';
import { builderMessages, CATEGORY_NAME_MAX_LENGTH, type AppSettings } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useModels, type ModelOption } from '@/lib/builder-api/list-models';
import { FormRow, SwitchRow } from '@/components/builder/form-row';

/** A whole number in [min, max]; empty means `null` when `optional`. Only valid values reach `onChange`. */
export function IntegerInput({
  id,
  label,
  value,
  onChange,
  min,
  max,
  optional = false,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  optional?: boolean;
  disabled?: boolean;
  hint?: React.ReactNode;
}) {
  const [text, setText] = React.useState(value === null ? '' : String(value));
  const [problem, setProblem] = React.useState<string | null>(null);
  // follows outside changes (a failed save put the last saved value back) without reformatting what is typed
  React.useEffect(() => {
    setText((t) => (parse(t) === value ? t : value === null ? '' : String(value)));
  }, [value]);

  function parse(t: string): number | null | undefined {
    const trimmed = t.trim();
    if (trimmed === '') return optional ? null : undefined;
    if (!/^\d+$/.test(trimmed)) return undefined;
    const n = Number(trimmed);
    return n >= min && n <= max ? n : undefined;
  }

  const message = optional
    ? `Enter a whole number from ${min} to ${max}, or leave it empty for no limit`
    : `Enter a whole number from ${min} to ${max}`;
  return (
    <FormRow id={id} label={label} hint={problem ?? hint}>
      <Input
        id={id}
        inputMode="numeric"
        placeholder={optional ? 'No limit' : undefined}
        value={text}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem || hint ? `${id}-hint` : undefined}
        className="max-w-40"
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parse(e.target.value);
          if (parsed === undefined) return setProblem(message);
          setProblem(null);
          if (parsed !== value) onChange(parsed);
        }}
      />
    </FormRow>
  );
}

/** The model select, from the server's list; the current model stays selectable whatever the list says. */
export function ModelSelect({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (model: string) => void;
  disabled?: boolean;
}) {
  const models = useModels(true);
  const [query, setQuery] = React.useState('');
  const list = models.data ?? [];
  const options = list.some((m) => m.id === value) ? list : [{ id: value, name: value }, ...list];
  // the search narrows the list; the current model always stays in it
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = options.filter(
    (m) => m.id === value || words.every((w) => `${m.id} ${m.name}`.toLowerCase().includes(w)),
  );
  return (
    <FormRow
      id="settings-model"
      label="Model"
      hint={
        models.isError ? (
          <span className="flex items-center gap-2">
            The model list could not be loaded; the current model stays in use.
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => void models.refetch()}
            >
              <RotateCw />
              Retry
            </Button>
          </span>
        ) : undefined
      }
    >
      <Input
        type="search"
        aria-label="Search models"
        placeholder="Search models"
        value={query}
        disabled={disabled || models.isPending}
        onChange={(e) => setQuery(e.target.value)}
      />
      <NativeSelect
        id="settings-model"
        value={value}
        disabled={disabled || models.isPending}
        onChange={(e) => onChange(e.target.value)}
      >
        {models.isPending && <option value={value}>Loading models…</option>}
        {!models.isPending &&
          shown.map((m) => (
            <option key={m.id} value={m.id}>
              {modelLabel(m)}
            </option>
          ))}
      </NativeSelect>
    </FormRow>
  );
}

const usd = (rate: number) => `$${rate >= 0.01 || rate === 0 ? rate.toFixed(2) : rate.toPrecision(2)}`;

/** `Name (id)`, with the prices per 1M tokens (input / output) when the model list knows them. */
export function modelLabel(m: ModelOption): string {
  const name = m.name && m.name !== m.id ? `${m.name} (${m.id})` : m.id;
  if (typeof m.promptRate !== 'number' || typeof m.completionRate !== 'number') return name;
  return `${name} · ${usd(m.promptRate)} / ${usd(m.completionRate)} per 1M tokens`;
}

/** Why a new template category cannot be added, or null. */
export function categoryProblem(name: string, existing: string[]): string | null {
  const clean = name.trim().toLowerCase();
  if (!clean) return builderMessages.categoryEmpty;
  if (existing.some((c) => c.trim().toLowerCase() === clean)) return builderMessages.categoryExists;
  return null;
}

/** Tool template settings (admins): template flag, category (with adding one), image and description. */
export function TemplateSettings({
  settings,
  onChange,
  disabled,
}: {
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  disabled?: boolean;
}) {
  const [newCategory, setNewCategory] = React.useState('');
  const [problem, setProblem] = React.useState<string | null>(null);

  function addCategory() {
    const why = categoryProblem(newCategory, settings.templateCategories);
    if (why) return setProblem(why);
    const name = newCategory.trim();
    onChange({ templateCategories: [...settings.templateCategories, name], templateCategory: name });
    setNewCategory('');
  }

  return (
    <>
      <SwitchRow
        id="settings-template"
        label="Tool template"
        description="List this app in the tools collection so builders can copy its tools."
        checked={settings.isToolTemplate}
        disabled={disabled}
        onCheckedChange={(on) => onChange({ isToolTemplate: on })}
      />
      {settings.isToolTemplate && (
        <div className="grid gap-4 rounded-lg border bg-muted/30 p-3">
          <FormRow id="settings-category" label="Category">
            <NativeSelect
              id="settings-category"
              value={settings.templateCategory}
              disabled={disabled}
              onChange={(e) => onChange({ templateCategory: e.target.value })}
            >
              <option value="">No category</option>
              {settings.templateCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </FormRow>
          <div className="grid gap-2">
            <div className="flex gap-2">
              <Input
                aria-label="New category"
                placeholder="New category"
                maxLength={CATEGORY_NAME_MAX_LENGTH}
                value={newCategory}
                disabled={disabled}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => {
                  setNewCategory(e.target.value);
                  setProblem(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addCategory();
                  }
                }}
              />
              <Button type="button" variant="outline" disabled={disabled} onClick={addCategory}>
                <Plus />
                Add category
              </Button>
            </div>
            {problem && (
              <p role="alert" className="text-xs text-destructive">
                {problem}
              </p>
            )}
          </div>
          <FormRow id="settings-template-image" label="Template image URL">
            <Input
              id="settings-template-image"
              type="url"
              inputMode="url"
              placeholder="https://…"
              maxLength={2000}
              value={settings.templateImageUrl}
              disabled={disabled}
              onChange={(e) => onChange({ templateImageUrl: e.target.value })}
            />
          </FormRow>
          <FormRow id="settings-template-description" label="Template description">
            <Textarea
              id="settings-template-description"
              maxLength={2000}
              className="min-h-16"
              value={settings.templateDescription}
              disabled={disabled}
              onChange={(e) => onChange({ templateDescription: e.target.value })}
            />
          </FormRow>
        </div>
      )}
    </>
  );
}

import {
  DEFAULT_INPUT_LABEL,
  DEFAULT_INPUT_PLACEHOLDER,
  MAIN_INPUT_NAME,
  type CustomField,
  type RunInputs,
  type ToolSummary,
} from '@buildai/domain';

export type ToolDefinition = ToolSummary['app'];
export type FieldValue = string | string[];
export type FieldValues = Record<string, FieldValue>;

/** A field as the form shows it; the main input is one too, maybe collapsed behind a button. */
export type FormField = CustomField & { collapsed?: boolean };

export interface FormStep {
  id: string;
  title: string;
  fields: FormField[];
}

/** The main input shows unless the tool hides it. */
export function hasMainInput(app: ToolDefinition): boolean {
  return !app.isInputHidden;
}

/** The main input as a field: required unless collapsed (then it is an optional extra). */
export function mainInputField(app: ToolDefinition): FormField | null {
  if (!hasMainInput(app)) return null;
  return {
    name: MAIN_INPUT_NAME,
    label: app.inputLabel.trim() || DEFAULT_INPUT_LABEL,
    type: 'long_text',
    required: !app.isInputCollapsed,
    personal: false,
    memorize: false,
    placeholder: app.inputPlaceholder.trim() || DEFAULT_INPUT_PLACEHOLDER,
    collapsed: app.isInputCollapsed,
  };
}

/**
 * The form's steps (spec 000 §3 Input step, §4 multi-step): one per input step with its fields, the main input and
 * fields without a known step going to the first; steps left without fields are skipped. Without multi-step input,
 * one step holds every field.
 */
export function formSteps(app: ToolDefinition): FormStep[] {
  const main = mainInputField(app);
  const all: FormField[] = main ? [main, ...app.fields] : [...app.fields];
  if (!app.isMultiStepInput || app.inputSteps.length === 0) return [{ id: 'all', title: '', fields: all }];
  const steps: FormStep[] = app.inputSteps.map((s) => ({ id: s.id, title: s.title, fields: [] }));
  for (const field of all) {
    const at = field.name === MAIN_INPUT_NAME ? 0 : steps.findIndex((s) => s.id === field.stepId);
    steps[Math.max(0, at)]!.fields.push(field);
  }
  const filled = steps.filter((s) => s.fields.length > 0);
  return filled.length > 0 ? filled : [{ id: 'all', title: '', fields: all }];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldProblem = 'required' | 'email';

/** What is wrong with the fields of one step: blank required fields and malformed emails. */
export function stepProblems(fields: FormField[], values: FieldValues): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const f of fields) {
    const v = values[f.name];
    const text = (Array.isArray(v) ? v.join(', ') : (v ?? '')).trim();
    if (f.required && text === '') problems[f.name] = 'required';
    else if (f.type === 'email' && text !== '' && !EMAIL.test(text)) problems[f.name] = 'email';
  }
  return problems;
}

/** The run's inputs: every field of the form, blank when untouched. */
export function toRunInputs(steps: FormStep[], values: FieldValues): RunInputs {
  const inputs: RunInputs = {};
  for (const step of steps) for (const f of step.fields) inputs[f.name] = values[f.name] ?? '';
  return inputs;
}

/** Stored values (memories, a saved run's inputs) as form values; anything else is dropped. */
export function toFieldValues(stored: Record<string, unknown> | null | undefined): FieldValues {
  const out: FieldValues = {};
  for (const [name, value] of Object.entries(stored ?? {})) {
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else if (Array.isArray(value)) out[name] = value.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

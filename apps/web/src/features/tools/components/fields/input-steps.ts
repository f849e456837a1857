import type { AiApp, CustomField } from '@buildai/domain';

/** What the panel edits of a tool's draft; every change sends all three together. */
export type FieldsState = Pick<AiApp, 'fields' | 'isMultiStepInput' | 'inputSteps'>;
type Step = AiApp['inputSteps'][number];

export function newStepId(): string {
  return `step_${Math.random().toString(36).slice(2, 10)}`;
}

/** Every field in a step that exists: a missing or unknown step becomes `fallback`. */
function placeFields(fields: CustomField[], steps: Step[], fallback: string | undefined): CustomField[] {
  const known = new Set(steps.map((s) => s.id));
  return fields.map((f) => (f.stepId && known.has(f.stepId) ? f : { ...f, stepId: fallback }));
}

/** Turns multi-step input on (only with a field): a first step when there is none, each field in a step. */
export function enableMultiStep(state: FieldsState, makeId = newStepId): FieldsState {
  if (state.fields.length === 0) return state;
  const steps = state.inputSteps.length > 0 ? state.inputSteps : [{ id: makeId(), title: 'Step 1' }];
  return {
    isMultiStepInput: true,
    inputSteps: steps,
    fields: placeFields(state.fields, steps, steps[0]!.id),
  };
}

/** Turns it off; the steps are kept so turning it on again restores them. */
export function disableMultiStep(state: FieldsState): FieldsState {
  return { ...state, isMultiStepInput: false };
}

export function addStep(state: FieldsState, makeId = newStepId): FieldsState {
  const step = { id: makeId(), title: `Step ${state.inputSteps.length + 1}` };
  return { ...state, inputSteps: [...state.inputSteps, step] };
}

export function renameStep(state: FieldsState, id: string, title: string): FieldsState {
  return { ...state, inputSteps: state.inputSteps.map((s) => (s.id === id ? { ...s, title } : s)) };
}

/** Removes a step (never the last one); its fields move to the first step left. */
export function deleteStep(state: FieldsState, id: string): FieldsState {
  const steps = state.inputSteps.filter((s) => s.id !== id);
  if (steps.length === 0) return state;
  return { ...state, inputSteps: steps, fields: placeFields(state.fields, steps, steps[0]!.id) };
}

export function moveFieldToStep(state: FieldsState, name: string, stepId: string): FieldsState {
  return { ...state, fields: state.fields.map((f) => (f.name === name ? { ...f, stepId } : f)) };
}

/** Adds a field (in the last step when steps are on). */
export function addField(state: FieldsState, field: CustomField): FieldsState {
  const last = state.inputSteps[state.inputSteps.length - 1];
  const placed = state.isMultiStepInput && !field.stepId && last ? { ...field, stepId: last.id } : field;
  return { ...state, fields: [...state.fields, placed] };
}

export function replaceField(state: FieldsState, index: number, field: CustomField): FieldsState {
  return { ...state, fields: state.fields.map((f, i) => (i === index ? field : f)) };
}

/** Removes a field; without fields multi-step input turns off (it needs one). */
export function removeField(state: FieldsState, index: number): FieldsState {
  const fields = state.fields.filter((_, i) => i !== index);
  return { ...state, fields, isMultiStepInput: fields.length > 0 && state.isMultiStepInput };
}

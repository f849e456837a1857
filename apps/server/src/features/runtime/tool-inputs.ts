import {
  AppError,
  fieldOptions,
  MAIN_INPUT_NAME,
  type AiApp,
  type FieldType,
  type RunInputs,
} from '@buildai/domain';

/** One input a tool takes from a program (REST, MCP): its main input and its custom fields. */
export interface ToolInput {
  name: string;
  label: string;
  type: FieldType | 'long_text';
  required: boolean;
  /** what the builder wrote to help fill it in */
  hint: string;
  /** the labels a select or multiselect field offers (empty: anything) */
  options: string[];
}

const DEFAULT_MAIN_INPUT_LABEL = 'Input';

/**
 * The inputs of a tool as a program sees them: the main input (unless the tool hides it; required unless the
 * builder collapsed it, as on the tool's page) and every custom field with its own `required`.
 */
export function toolInputs(definition: AiApp): ToolInput[] {
  const out: ToolInput[] = [];
  if (!definition.isInputHidden)
    out.push({
      name: MAIN_INPUT_NAME,
      label: definition.inputLabel.trim() || DEFAULT_MAIN_INPUT_LABEL,
      type: 'long_text',
      required: !definition.isInputCollapsed,
      hint: definition.inputPlaceholder.trim(),
      options: [],
    });
  for (const field of definition.fields ?? []) {
    if (field.name === MAIN_INPUT_NAME) continue;
    out.push({
      name: field.name,
      label: field.label.trim() || field.name,
      type: field.type,
      required: field.required,
      hint: (field.instructions ?? field.placeholder ?? '').trim(),
      options: fieldOptions(field).map((o) => o.label),
    });
  }
  return out;
}

const asText = (value: RunInputs[string] | undefined): string =>
  value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);

const invalid = (name: string, message: string, code = 'request/invalid') =>
  new AppError(code, { message: `inputs.${name}: ${message}`, field: `inputs.${name}` });

/**
 * Checks what a program sent against the tool's inputs, naming the first input at fault (400): an input the tool
 * does not have, a required one left blank, a choice the field does not offer.
 */
export function checkToolInputs(definition: AiApp, inputs: RunInputs): void {
  const known = new Map(toolInputs(definition).map((input) => [input.name, input]));
  for (const name of Object.keys(inputs))
    if (!known.has(name)) throw invalid(name, `This tool has no input named ${name}`);
  for (const input of known.values()) {
    const value = inputs[input.name];
    if (input.required && asText(value).trim() === '')
      throw invalid(input.name, `${input.label} is required`, 'field/required');
    if (value === undefined || input.options.length === 0) continue;
    const chosen = Array.isArray(value) ? value : [asText(value)];
    const offered = new Set(input.options);
    const wrong = chosen.find((choice) => choice !== '' && !offered.has(choice));
    if (wrong !== undefined) throw invalid(input.name, `Choose from ${input.options.join(', ')}`);
  }
}

import type { CustomField } from './apps';

export type RunInputs = Record<string, string | string[] | number | boolean>;

function asText(value: RunInputs[string] | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Replaces each `{{fieldName}}` of the prompt with the user's input for that field. Unknown names stay empty. */
export function renderPrompt(prompt: string, inputs: RunInputs): string {
  return prompt.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) =>
    asText(inputs[name]),
  );
}

/** The names the prompt refers to, in order of first use. */
export function promptFieldNames(prompt: string): string[] {
  const names = new Set<string>();
  for (const m of prompt.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) names.add(m[1]!);
  return [...names];
}

/** Names of required fields the inputs leave blank. */
export function missingRequiredFields(fields: CustomField[], inputs: RunInputs): string[] {
  return fields.filter((f) => f.required && asText(inputs[f.name]).trim() === '').map((f) => f.name);
}

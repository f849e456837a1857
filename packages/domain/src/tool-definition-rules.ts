import { TOOL_PATH_PATTERN, type AiApp } from './apps';
import {
  builderMessages,
  DEFAULT_INPUT_PLACEHOLDER,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_OPTIONS,
  MAX_INPUT_STEPS,
  OPTION_LABEL_MAX_LENGTH,
} from './builder-limits';
import { MAX_INPUT_EXAMPLES } from './constants';
import { AppError } from './errors';
import {
  charactersMax,
  fieldOptions,
  fieldTypeRefusal,
  isReservedFieldName,
  type FieldTypeRights,
} from './field-rules';

/** A tool path as stored: letters, numbers and dashes, not empty (spec 001 §5). */
export function checkToolPath(path: string): string {
  const trimmed = path.trim();
  if (!TOOL_PATH_PATTERN.test(trimmed)) throw new AppError('tool/path-invalid', { field: 'path' });
  return trimmed;
}

/**
 * The rules the editor shows for a tool definition, answered with the same codes and messages and in the order
 * of docs/decisions/0003 (spec 000 §5, spec 001 §5). Returns the definition as it is stored: email fields
 * personal, the default placeholder as '', examples trimmed without empty ones.
 */
export function checkToolDefinition(
  definition: AiApp,
  rights: FieldTypeRights,
  /** where the definition sits in the request body, for the error's field */
  at = 'app.',
): AiApp {
  const { fields } = definition;
  const fieldPath = (i: number, key: string) => `${at}fields.${i}.${key}`;
  if (fields.length > MAX_CUSTOM_FIELDS) {
    throw new AppError('field/too-many', {
      message: builderMessages.maxFields(MAX_CUSTOM_FIELDS),
      field: `${at}fields`,
    });
  }
  fields.forEach((field, i) => {
    if (isReservedFieldName(field.name))
      throw new AppError('field/reserved-name', { field: fieldPath(i, 'name') });
  });
  fields.forEach((field, i) => {
    if (field.name.length > FIELD_NAME_MAX_LENGTH)
      throw new AppError('field/name-too-long', { field: fieldPath(i, 'name') });
  });
  const labels = new Set<string>();
  const names = new Set<string>();
  fields.forEach((field, i) => {
    const label = field.label.trim().toLowerCase();
    const name = field.name.toLowerCase();
    if (names.has(name)) throw new AppError('field/already-exists', { field: fieldPath(i, 'name') });
    if (label && labels.has(label))
      throw new AppError('field/already-exists', { field: fieldPath(i, 'label') });
    labels.add(label);
    names.add(name);
  });
  fields.forEach((field, i) => {
    const seen = new Set<string>();
    fieldOptions(field).forEach((option, j) => {
      const label = option.label.trim().toLowerCase();
      if (label === '') throw new AppError('field/option-empty', { field: fieldPath(i, `options.${j}`) });
      if (seen.has(label)) throw new AppError('field/option-exists', { field: fieldPath(i, `options.${j}`) });
      seen.add(label);
    });
  });
  fields.forEach((field, i) => {
    if (fieldTypeRefusal(field.type, rights) === 'admin-only')
      throw new AppError('field/type-admin-only', { field: fieldPath(i, 'type') });
  });
  fields.forEach((field, i) => {
    if (fieldTypeRefusal(field.type, rights) === 'paid-only')
      throw new AppError('field/type-paid-only', { field: fieldPath(i, 'type') });
  });
  if (definition.isMultiStepInput && fields.length === 0)
    throw new AppError('field/multi-step-needs-field', { field: `${at}isMultiStepInput` });
  const stepIds = new Set(definition.inputSteps.map((s) => s.id));
  fields.forEach((field, i) => {
    if (field.stepId !== undefined && field.stepId !== '' && !stepIds.has(field.stepId))
      throw new AppError('field/step-unknown', { field: fieldPath(i, 'stepId') });
  });
  checkLengths(definition, at);

  return {
    ...definition,
    inputPlaceholder:
      definition.inputPlaceholder.trim() === DEFAULT_INPUT_PLACEHOLDER ? '' : definition.inputPlaceholder,
    examples: definition.examples
      .map((e) => e.trim())
      .filter((e) => e !== '')
      .slice(0, MAX_INPUT_EXAMPLES),
    // spec 000 §5: email-type fields are always personal
    fields: fields.map((f) => (f.type === 'email' ? { ...f, personal: true } : f)),
  };
}

/** Lengths the spec leaves to shared constants; answered as an invalid request naming the field. */
function checkLengths(definition: AiApp, at: string): void {
  const fieldPath = (i: number, key: string) => `${at}fields.${i}.${key}`;
  const invalid = (field: string, message: string) => new AppError('request/invalid', { field, message });
  if (definition.inputSteps.length > MAX_INPUT_STEPS)
    throw invalid(`${at}inputSteps`, `There can be at most ${MAX_INPUT_STEPS} steps`);
  definition.fields.forEach((field, i) => {
    if (field.label.length > FIELD_LABEL_MAX_LENGTH)
      throw invalid(fieldPath(i, 'label'), charactersMax(FIELD_LABEL_MAX_LENGTH));
    const options = fieldOptions(field);
    if (options.length > MAX_FIELD_OPTIONS)
      throw invalid(fieldPath(i, 'options'), `There can be at most ${MAX_FIELD_OPTIONS} options`);
    options.forEach((option, j) => {
      if (option.label.length > OPTION_LABEL_MAX_LENGTH)
        throw invalid(fieldPath(i, `options.${j}`), charactersMax(OPTION_LABEL_MAX_LENGTH));
    });
  });
}

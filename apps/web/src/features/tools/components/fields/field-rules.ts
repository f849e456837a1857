import {
  builderMessages,
  charactersMax,
  errorCatalogue,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  FIELD_NAME_PATTERN,
  FIELD_NAME_PATTERN_MESSAGE,
  fieldOptions,
  fieldTypeRefusal,
  fieldTypes,
  isLiteBuilder,
  isReservedFieldName,
  MAX_CUSTOM_FIELDS,
  OPTION_LABEL_MAX_LENGTH,
  type CustomField,
  type FieldType,
} from '@buildai/domain';
import type { BuilderAccount } from '@/lib/builder-types';

/** The rules of a custom field (spec 000 §5, spec 001 §5), checked before anything is sent. */

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  select: 'Select',
  multiselect: 'Multi-select',
  email: 'Email',
  place: 'Place',
  photo: 'Photo',
  height: 'Height',
  weight: 'Weight',
  tool_item_select: 'Tool item select',
};

export const FILTER_CONDITION_LABELS = {
  none: 'No filter',
  include: 'Include matching items',
  exclude: 'Exclude matching items',
} as const;
export type FilterCondition = keyof typeof FILTER_CONDITION_LABELS;

export const LABEL_REQUIRED_MESSAGE = 'Give the field a label';
export const OPTIONS_REQUIRED_MESSAGE = 'Add at least one option';

/** Why this account may not use the type, or null: place and tool item select for admins, photo on paid plans. */
export function fieldTypeProblem(type: FieldType, account: BuilderAccount): string | null {
  const refusal = fieldTypeRefusal(type, { isAdmin: account.isAdmin, isLite: isLiteBuilder(account) });
  if (refusal === 'admin-only') return builderMessages.adminFieldType;
  if (refusal === 'paid-only') return builderMessages.photoPaidOnly;
  return null;
}

/** The types offered to this account; a field's current type stays listed so editing never changes it silently. */
export function offeredFieldTypes(account: BuilderAccount, current?: FieldType): FieldType[] {
  return fieldTypes.filter((t) => t === current || fieldTypeProblem(t, account) === null);
}

export function isSelectType(type: FieldType): boolean {
  return type === 'select' || type === 'multiselect';
}

/** Types whose input shows a placeholder. */
export function hasPlaceholder(type: FieldType): boolean {
  return !isSelectType(type) && type !== 'photo' && type !== 'tool_item_select';
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why a field with this label and name cannot be saved next to `others` (the other fields of the tool), or null.
 * Labels and names are unique case-insensitively; `input` is the main input's name.
 */
export function fieldProblem(
  field: { label: string; name: string },
  others: readonly CustomField[],
): string | null {
  const label = field.label.trim();
  if (!label) return LABEL_REQUIRED_MESSAGE;
  if (label.length > FIELD_LABEL_MAX_LENGTH) return charactersMax(FIELD_LABEL_MAX_LENGTH);
  if (isReservedFieldName(field.name)) return builderMessages.reservedField;
  if (!FIELD_NAME_PATTERN.test(field.name)) return FIELD_NAME_PATTERN_MESSAGE;
  if (field.name.length > FIELD_NAME_MAX_LENGTH) return errorCatalogue['field/name-too-long'].message;
  if (others.some((f) => same(f.label, label) || same(f.name, field.name)))
    return builderMessages.fieldExists;
  return null;
}

/** Why another field cannot be added, or null. */
export function addFieldProblem(fields: readonly CustomField[]): string | null {
  return fields.length >= MAX_CUSTOM_FIELDS ? builderMessages.maxFields(MAX_CUSTOM_FIELDS) : null;
}

/** Why an option with this label cannot be added to `options`, or null. */
export function optionProblem(label: string, options: readonly { label: string }[]): string | null {
  const text = label.trim();
  if (!text) return builderMessages.optionEmpty;
  if (text.length > OPTION_LABEL_MAX_LENGTH) return charactersMax(OPTION_LABEL_MAX_LENGTH);
  if (options.some((o) => same(o.label, text))) return builderMessages.optionExists;
  return null;
}

/**
 * The field as it is stored: email is always personal, and only the settings of its type are kept (a select keeps
 * its options and filter, a photo its instructions, a text its placeholder).
 */
export function normalizeField(field: CustomField): CustomField {
  const { options: _o, optionsConfig: _c, instructions, filterCondition, placeholder, ...base } = field;
  const out: CustomField = { ...base, label: field.label.trim() };
  if (field.type === 'email') out.personal = true;
  if (isSelectType(field.type)) {
    out.options = fieldOptions(field).map((o) => ({
      label: o.label.trim(),
      ...(o.iconUrl?.trim() ? { iconUrl: o.iconUrl.trim() } : {}),
    }));
    out.filterCondition = filterCondition ?? 'none';
  }
  if (field.type === 'photo' && instructions?.trim()) out.instructions = instructions.trim();
  if (hasPlaceholder(field.type) && placeholder?.trim()) out.placeholder = placeholder.trim();
  return out;
}

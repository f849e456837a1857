/**
 * The rules of custom fields that both the server (which enforces them) and the web app (which checks them before
 * anything is sent, and which shows the form of a published tool) rely on (spec 000 §3, §5). Written once here,
 * without zod, so the web's public pages can read them without pulling the schemas in (docs/decisions/0005).
 */

/** Custom field types of spec 000 §3. */
export const fieldTypes = [
  'text',
  'long_text',
  'select',
  'multiselect',
  'email',
  'place',
  'photo',
  'height',
  'weight',
  'tool_item_select',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Field types offered to admins only, and to paid plans only (spec 000 §5). */
export const ADMIN_ONLY_FIELD_TYPES = ['place', 'tool_item_select'] as const;
export const PAID_ONLY_FIELD_TYPES = ['photo'] as const;

/** What decides the field types a builder may use. */
export interface FieldTypeRights {
  isAdmin: boolean;
  /** On the lowest plan and not an admin: see `isLiteBuilder`. */
  isLite: boolean;
}

/** On the lowest plan: tool settings locked, no photo fields (spec 000 §6). Admins never are. */
export function isLiteBuilder(account: { isAdmin: boolean; plan: string }): boolean {
  return !account.isAdmin && account.plan === 'lite';
}

export const isAdminOnlyFieldType = (type: FieldType): boolean =>
  (ADMIN_ONLY_FIELD_TYPES as readonly string[]).includes(type);
export const isPaidOnlyFieldType = (type: FieldType): boolean =>
  (PAID_ONLY_FIELD_TYPES as readonly string[]).includes(type);

/** Why these rights may not use the type, or null: admin-only types come first, as the server answers them. */
export function fieldTypeRefusal(
  type: FieldType,
  rights: FieldTypeRights,
): 'admin-only' | 'paid-only' | null {
  if (!rights.isAdmin && isAdminOnlyFieldType(type)) return 'admin-only';
  if (rights.isLite && isPaidOnlyFieldType(type)) return 'paid-only';
  return null;
}

/** The field types these rights may use, in the order of `fieldTypes`. */
export function allowedFieldTypes(rights: FieldTypeRights): FieldType[] {
  return fieldTypes.filter((type) => fieldTypeRefusal(type, rights) === null);
}

/** The name of the main input box of every tool; its value fills `{{input}}`. */
export const MAIN_INPUT_NAME = 'input';
/** Field names the runtime keeps for itself, compared case-insensitively. */
export const RESERVED_FIELD_NAMES: readonly string[] = [MAIN_INPUT_NAME];

export function isReservedFieldName(name: string): boolean {
  return RESERVED_FIELD_NAMES.includes(name.toLowerCase());
}

/** Field names become `{{name}}` placeholders in the prompt. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const FIELD_NAME_PATTERN_MESSAGE = 'Field names use letters, numbers and underscores';

/** The message of a text longer than its limit, e.g. '100 characters max'. */
export const charactersMax = (n: number): string => `${n} characters max`;

/** The options of a select field, wherever it keeps them (`options`, or the older `optionsConfig.options`). */
export function fieldOptions<Option>(field: {
  options?: Option[] | undefined;
  optionsConfig?: { options: Option[] } | undefined;
}): Option[] {
  return field.options ?? field.optionsConfig?.options ?? [];
}

import { describe, expect, it } from 'vitest';
import {
  allowedFieldTypes,
  charactersMax,
  customFieldSchema,
  FIELD_NAME_PATTERN,
  FIELD_NAME_PATTERN_MESSAGE,
  fieldOptions,
  fieldTypeRefusal,
  fieldTypes,
  isLiteBuilder,
  isReservedFieldName,
  MAIN_INPUT_NAME,
  RESERVED_FIELD_NAMES,
  toolPathTaken,
} from './index';

const admin = { isAdmin: true, isLite: false };
const paid = { isAdmin: false, isLite: false };
const lite = { isAdmin: false, isLite: true };

describe('field-type rights (spec 000 §5)', () => {
  it('gives admins every type, in the order of fieldTypes', () => {
    expect(allowedFieldTypes(admin)).toEqual([...fieldTypes]);
  });

  it('keeps place and tool item select from builders who are not admins', () => {
    expect(allowedFieldTypes(paid)).toEqual([
      'text',
      'long_text',
      'select',
      'multiselect',
      'email',
      'photo',
      'height',
      'weight',
    ]);
    expect(fieldTypeRefusal('place', paid)).toBe('admin-only');
    expect(fieldTypeRefusal('tool_item_select', lite)).toBe('admin-only');
  });

  it('keeps photo from lite builders too', () => {
    expect(allowedFieldTypes(lite)).toEqual([
      'text',
      'long_text',
      'select',
      'multiselect',
      'email',
      'height',
      'weight',
    ]);
    expect(fieldTypeRefusal('photo', lite)).toBe('paid-only');
    expect(fieldTypeRefusal('photo', paid)).toBeNull();
    expect(fieldTypeRefusal('text', lite)).toBeNull();
  });

  it('counts a builder as lite only on the lite plan and never an admin', () => {
    expect(isLiteBuilder({ isAdmin: false, plan: 'lite' })).toBe(true);
    expect(isLiteBuilder({ isAdmin: true, plan: 'lite' })).toBe(false);
    expect(isLiteBuilder({ isAdmin: false, plan: 'pro' })).toBe(false);
  });
});

describe('field names', () => {
  it('reserves the main input name, whatever its case', () => {
    expect(MAIN_INPUT_NAME).toBe('input');
    expect(RESERVED_FIELD_NAMES).toEqual(['input']);
    expect(isReservedFieldName('input')).toBe(true);
    expect(isReservedFieldName('Input')).toBe(true);
    expect(isReservedFieldName('inputs')).toBe(false);
  });

  it('takes letters, numbers and underscores, not starting with a number, with the schema giving the same message', () => {
    expect(FIELD_NAME_PATTERN.test('first_name2')).toBe(true);
    expect(FIELD_NAME_PATTERN.test('2name')).toBe(false);
    const parsed = customFieldSchema.safeParse({ name: 'first name', label: 'First name' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(FIELD_NAME_PATTERN_MESSAGE);
    expect(FIELD_NAME_PATTERN_MESSAGE).toBe('Field names use letters, numbers and underscores');
  });
});

describe('field options and lengths', () => {
  it('reads options from options first, then optionsConfig, else none', () => {
    expect(fieldOptions({ options: [{ label: 'A' }], optionsConfig: { options: [{ label: 'B' }] } })).toEqual(
      [{ label: 'A' }],
    );
    expect(fieldOptions({ optionsConfig: { options: [{ label: 'B' }] } })).toEqual([{ label: 'B' }]);
    expect(fieldOptions({})).toEqual([]);
  });

  it('words a length limit as the editor shows it', () => {
    expect(charactersMax(100)).toBe('100 characters max');
  });
});

describe('tool paths (spec 001 §5)', () => {
  const appTools = [
    { toolId: 't1', path: 'Blog-Ideas' },
    { toolId: 't2', path: 'summary' },
  ];

  it('counts a path as taken by another tool whatever its case', () => {
    expect(toolPathTaken(appTools, 'blog-ideas')).toBe(true);
    expect(toolPathTaken(appTools, 'SUMMARY')).toBe(true);
    expect(toolPathTaken(appTools, 'new-tool')).toBe(false);
  });

  it('lets a tool keep its own path', () => {
    expect(toolPathTaken(appTools, 'blog-ideas', 't1')).toBe(false);
    expect(toolPathTaken(appTools, 'blog-ideas', 't2')).toBe(true);
  });
});

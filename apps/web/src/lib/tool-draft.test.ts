import { describe, expect, it } from 'vitest';
import { aiAppSchema } from '@buildai/domain';
import { toolHasInputs, toSavedDefinition } from './tool-draft';

describe('toSavedDefinition', () => {
  it('saves the default placeholder as empty and keeps any other', () => {
    expect(toSavedDefinition(aiAppSchema.parse({ inputPlaceholder: 'Type here...' })).inputPlaceholder).toBe(
      '',
    );
    expect(
      toSavedDefinition(aiAppSchema.parse({ inputPlaceholder: ' Type here... ' })).inputPlaceholder,
    ).toBe('');
    expect(toSavedDefinition(aiAppSchema.parse({ inputPlaceholder: 'Type here' })).inputPlaceholder).toBe(
      'Type here',
    );
  });

  it('trims examples, drops empty ones and keeps at most three', () => {
    const draft = { ...aiAppSchema.parse({}), examples: ['', ' a ', '   ', 'b', 'c', 'd'] };
    expect(toSavedDefinition(draft).examples).toEqual(['a', 'b', 'c']);
  });
});

describe('toolHasInputs', () => {
  it('is true with the main input shown or with a custom field', () => {
    expect(toolHasInputs(aiAppSchema.parse({}))).toBe(true);
    expect(toolHasInputs(aiAppSchema.parse({ isInputHidden: true }))).toBe(false);
    expect(
      toolHasInputs(aiAppSchema.parse({ isInputHidden: true, fields: [{ name: 'topic', label: 'Topic' }] })),
    ).toBe(true);
  });
});

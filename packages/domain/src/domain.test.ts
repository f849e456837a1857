import { describe, expect, it } from 'vitest';
import {
  AppError,
  aiAppSchema,
  formatCount,
  formatMoney,
  missingRequiredFields,
  renderPrompt,
} from './index';

describe('renderPrompt', () => {
  it('replaces {{fieldName}} with inputs and empties unknown names', () => {
    expect(
      renderPrompt('Write about {{topic}} for {{ audience }}{{none}}.', { topic: 'tea', audience: 'kids' }),
    ).toBe('Write about tea for kids.');
  });
  it('joins list inputs', () => {
    expect(renderPrompt('{{tags}}', { tags: ['a', 'b'] })).toBe('a, b');
  });
});

describe('missingRequiredFields', () => {
  it('lists required fields left blank', () => {
    const fields = aiAppSchema.parse({
      fields: [
        { name: 'a', label: 'A', required: true },
        { name: 'b', label: 'B' },
      ],
    }).fields;
    expect(missingRequiredFields(fields, { a: '  ' })).toEqual(['a']);
    expect(missingRequiredFields(fields, { a: 'x' })).toEqual([]);
  });
});

describe('aiAppSchema', () => {
  it('drops empty examples and refuses more than three', () => {
    expect(aiAppSchema.parse({ examples: ['a', ' ', 'b'] }).examples).toEqual(['a', 'b']);
    expect(aiAppSchema.safeParse({ examples: ['a', 'b', 'c', 'd'] }).success).toBe(false);
  });
});

describe('AppError', () => {
  it('carries the catalogue message and round-trips through the wire body', () => {
    const e = new AppError('auth/invalid-credentials');
    expect(e.status).toBe(401);
    expect(e.message).toBe('Invalid email or password');
    const back = AppError.fromBody(e.toBody(), 401);
    expect(back.code).toBe('auth/invalid-credentials');
    expect(back.message).toBe('Invalid email or password');
  });
});

describe('format', () => {
  it('formats counts and money', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(2_000_000)).toBe('2M');
    expect(formatMoney(3)).toBe('$3.00');
  });
});

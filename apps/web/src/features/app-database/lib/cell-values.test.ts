import { describe, expect, it } from 'vitest';
import { isLongText } from './cell-values';

describe('long text (spec 001 §4)', () => {
  it('is over 50 characters or has a line break', () => {
    expect(isLongText('x'.repeat(50))).toBe(false);
    expect(isLongText('x'.repeat(51))).toBe(true);
    expect(isLongText('a\nb')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { answerJson, checkText, PATTERN_TEXT_MAX } from './checks';

describe('the checks of an evaluation that need no model', () => {
  it('looks for text with case ignored', () => {
    expect(checkText({ type: 'contains', value: 'TEA' }, 'Green tea')).toEqual({
      type: 'contains',
      passed: true,
      detail: '',
    });
    expect(checkText({ type: 'contains', value: 'coffee' }, 'Green tea').detail).toBe(
      'The answer does not contain "coffee"',
    );
    expect(checkText({ type: 'not_contains', value: 'Tea' }, 'green tea')).toEqual({
      type: 'not_contains',
      passed: false,
      detail: 'The answer contains "Tea"',
    });
    expect(checkText({ type: 'contains', value: 'x'.repeat(80) }, '').detail).toBe(
      `The answer does not contain "${'x'.repeat(60)}…"`,
    );
  });

  it('matches a pattern on the first part of a long answer only', () => {
    expect(checkText({ type: 'regex', pattern: '^dear \\w+' }, 'Dear Ann,').passed).toBe(true);
    expect(checkText({ type: 'regex', pattern: '\\d{3}' }, 'no digits')).toEqual({
      type: 'regex',
      passed: false,
      detail: 'The answer does not match /\\d{3}/',
    });
    const late = `${'a'.repeat(PATTERN_TEXT_MAX)}END`;
    expect(checkText({ type: 'regex', pattern: 'END' }, late).passed).toBe(false);
  });

  it('reads JSON, in a code fence or not, and names the keys it misses', () => {
    expect(answerJson('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(answerJson(' [1, 2] ')).toEqual([1, 2]);
    expect(answerJson('Here it is: {"a": 1}')).toBeUndefined();
    expect(checkText({ type: 'json_shape', keys: [] }, '"just a string"').passed).toBe(true);
    expect(checkText({ type: 'json_shape', keys: ['a'] }, '[1]').detail).toBe(
      'The answer is JSON, but not an object',
    );
    expect(checkText({ type: 'json_shape', keys: ['a', 'b', 'c'] }, '{"a": null}').detail).toBe(
      'The JSON has no "b", "c"',
    );
    expect(checkText({ type: 'json_shape', keys: ['a'] }, 'nope').detail).toBe('The answer is not JSON');
  });
});

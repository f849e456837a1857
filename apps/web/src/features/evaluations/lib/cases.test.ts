import { describe, expect, it } from 'vitest';
import { blankCase, caseProblem, formatCost, formatLatency, formatRate, parseKeys } from './cases';

describe('evaluation cases', () => {
  it('says what a case still needs before it is saved', () => {
    const c = blankCase();
    expect(caseProblem(c, 0)).toBe('Case 1: write the text to look for');
    expect(caseProblem({ ...c, name: 'Tea', expectations: [] }, 0)).toBe('Tea: add at least one expectation');
    expect(caseProblem({ ...c, expectations: [{ type: 'regex', pattern: '(' }] }, 2)).toBe(
      'Case 3: the pattern is not a valid regular expression',
    );
    expect(caseProblem({ ...c, expectations: [{ type: 'judge', criteria: ' ' }] }, 0)).toBe(
      'Case 1: write what the judge checks',
    );
    expect(caseProblem({ ...c, expectations: [{ type: 'json_shape', keys: [] }] }, 0)).toBeNull();
    expect(blankCase().id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });

  it('reads keys and formats the figures of a run', () => {
    expect(parseKeys(' title, ,tags ')).toEqual(['title', 'tags']);
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.000027)).toBe('$0.000027');
    expect(formatCost(0.5)).toBe('$0.500');
    expect(formatLatency(null)).toBe('–');
    expect(formatLatency(420)).toBe('420 ms');
    expect(formatLatency(1530)).toBe('1.5 s');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(null)).toBe('–');
  });
});

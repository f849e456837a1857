import type { EvaluationCase, Expectation, ExpectationType } from '@buildai/domain';

/** A case id the server accepts: letters and digits. */
export function newCaseId(): string {
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export function blankExpectation(type: ExpectationType): Expectation {
  switch (type) {
    case 'contains':
    case 'not_contains':
      return { type, value: '' };
    case 'regex':
      return { type, pattern: '' };
    case 'json_shape':
      return { type, keys: [] };
    case 'judge':
      return { type, criteria: '' };
  }
}

export function blankCase(): EvaluationCase {
  return { id: newCaseId(), name: '', inputs: {}, expectations: [blankExpectation('contains')] };
}

/** What the builder still has to fill in before the cases can be saved, or null. */
export function caseProblem(c: EvaluationCase, index: number): string | null {
  const label = c.name.trim() || `Case ${index + 1}`;
  if (c.expectations.length === 0) return `${label}: add at least one expectation`;
  for (const e of c.expectations) {
    if ((e.type === 'contains' || e.type === 'not_contains') && e.value === '')
      return `${label}: write the text to look for`;
    if (e.type === 'regex') {
      if (e.pattern === '') return `${label}: write a pattern`;
      try {
        new RegExp(e.pattern, 'iu');
      } catch {
        return `${label}: the pattern is not a valid regular expression`;
      }
    }
    if (e.type === 'judge' && e.criteria.trim() === '') return `${label}: write what the judge checks`;
  }
  return null;
}

/** The keys of a JSON-shape expectation as the builder types them: comma-separated. */
export const keysText = (keys: readonly string[]) => keys.join(', ');
export const parseKeys = (text: string) =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export const usesJudge = (cases: readonly EvaluationCase[]) =>
  cases.some((c) => c.expectations.some((e) => e.type === 'judge'));

/** A dollar amount as small as an evaluation's: four significant digits below a cent. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${dollars.toPrecision(2)}`;
  return `$${dollars.toFixed(dollars < 1 ? 3 : 2)}`;
}

export function formatLatency(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export const formatRate = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

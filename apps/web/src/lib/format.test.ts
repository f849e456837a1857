import { describe, expect, it } from 'vitest';
import { FIELD_NAME_PATTERN } from '@buildai/domain';
import { formatRelativeTime, toFieldName } from './format';

describe('toFieldName', () => {
  it.each([
    ['Company name', 'companyName'],
    ['Tone of voice', 'toneOfVoice'],
    ['  URL / website ', 'urlWebsite'],
    ['Product', 'product'],
    ['Café location', 'cafeLocation'],
    ['2nd goal!', 'field2ndGoal'],
    ['!!!', ''],
  ])('%j → %j', (label, name) => {
    expect(toFieldName(label)).toBe(name);
    if (name) expect(FIELD_NAME_PATTERN.test(name)).toBe(true);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-01-10T12:00:00Z');
  it('reads "just now" under the 60 s minimum period', () => {
    expect(formatRelativeTime('2025-01-10T11:59:30Z', now)).toBe('just now');
  });
  it('uses the largest whole unit', () => {
    expect(formatRelativeTime('2025-01-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-01-09T12:00:00Z', now)).toBe('yesterday');
  });
});

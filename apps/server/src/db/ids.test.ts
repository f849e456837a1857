import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('draws base62 ids of the length asked, 20 by default, each different', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-zA-Z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId(12)).toMatch(/^[0-9a-zA-Z]{12}$/);
    expect(newId(24)).toMatch(/^[0-9a-zA-Z]{24}$/);
  });

  it('uses every character of the alphabet about as often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const ch of newId()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 40,000 characters: about 645 each; a bias towards part of the alphabet would show far outside this
    for (const n of counts.values()) expect(n).toBeGreaterThan(500);
    for (const n of counts.values()) expect(n).toBeLessThan(800);
  });
});

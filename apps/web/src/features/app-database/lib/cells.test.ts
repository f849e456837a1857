import { describe, expect, it } from 'vitest';
import { displayText, editText, parseCellText, sameValue } from './cells';

describe('cell values', () => {
  it('a number cell saves a number; empty saves null; other text is refused', () => {
    expect(parseCellText('42', 'number')).toEqual({ ok: true, value: 42 });
    expect(parseCellText('-1.5', 'number')).toEqual({ ok: true, value: -1.5 });
    expect(parseCellText(' ', 'number')).toEqual({ ok: true, value: null });
    expect(parseCellText('abc', 'number')).toEqual({ ok: false, message: 'Enter a number' });
  });

  it("a boolean: true, 'true', 1, '1' are true; false, 'false', 0, '0' false", () => {
    for (const t of ['true', '1']) expect(parseCellText(t, 'boolean')).toEqual({ ok: true, value: true });
    for (const f of ['false', '0']) expect(parseCellText(f, 'boolean')).toEqual({ ok: true, value: false });
  });

  it("JSON: empty saves null, invalid is 'Invalid JSON: …'", () => {
    expect(parseCellText('', 'json')).toEqual({ ok: true, value: null });
    expect(parseCellText('{"a":[1]}', 'json')).toEqual({ ok: true, value: { a: [1] } });
    const bad = parseCellText('{a', 'json');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^Invalid JSON: ./);
  });

  it('a datetime is edited in local time and saved as ISO', () => {
    const iso = '2026-03-04T05:06:00.000Z';
    const local = editText(iso, 'datetime');
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(parseCellText(local, 'datetime')).toEqual({ ok: true, value: iso });
    expect(parseCellText('', 'datetime')).toEqual({ ok: true, value: null });
    expect(displayText('not a date', 'datetime')).toBe('not a date');
  });

  it('an edit that changes nothing is recognised', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
  });
});

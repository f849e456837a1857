import { describe, expect, it } from 'vitest';
import { buildFixMessage } from './fix-message';

describe('buildFixMessage', () => {
  it('sends no credential: the preview token in a stack frame is replaced (issue 32, item 1)', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhcHAxIn0.c2lnbmF0dXJl';
    const text = buildFixMessage([
      {
        title: 'x is undefined',
        details: `TypeError: x is undefined\n    at Home (http://apps.test/apps/app1/preview?token=${token}:3:9)`,
        componentName: 'Home',
      },
    ]);
    expect(text).not.toContain(token);
    expect(text).toBe(
      'Please fix the following errors in my app:\n\n1. x is undefined (in Home)\n```\nTypeError: x is undefined\n    at Home (http://apps.test/apps/app1/preview?token=[redacted]:3:9)\n```',
    );
  });
});

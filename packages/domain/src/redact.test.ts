import { describe, expect, it } from 'vitest';
import { redactCredentials } from './redact';

const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhcHAxIiwiYXVkIjoic3BhY2UtYXBwLXByZXZpZXcifQ.c2lnbmF0dXJlLXBhcnQ';

describe('redactCredentials', () => {
  it("takes the preview token out of a stack trace's URLs and keeps the rest", () => {
    const trace = `TypeError: x is undefined\n    at Home (http://apps.localhost:4000/apps/abc/preview?token=${jwt}:12:5)\n    at bundle.js?token=abc.def&v=3`;
    expect(redactCredentials(trace)).toBe(
      'TypeError: x is undefined\n    at Home (http://apps.localhost:4000/apps/abc/preview?token=[redacted]:12:5)\n    at bundle.js?token=[redacted]&v=3',
    );
  });

  it('takes out a bare token and named secrets, and leaves plain text alone', () => {
    expect(redactCredentials(`Bearer ${jwt} failed`)).toBe('Bearer [redacted] failed');
    expect(redactCredentials('GET /x?api_key=sk-123&page=2#access=zz')).toBe(
      'GET /x?api_key=[redacted]&page=2#access=[redacted]',
    );
    expect(redactCredentials('Cannot read properties of undefined (reading "token")')).toBe(
      'Cannot read properties of undefined (reading "token")',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL_META } from '@buildai/domain';
import { mcpUrl, openAiBaseUrl } from './api-examples';

afterEach(() => document.head.querySelector(`meta[name="${PUBLIC_URL_META}"]`)?.remove());

describe('the API addresses a builder copies', () => {
  it('are on PUBLIC_URL when the server names it, not on the address the builder was opened at', () => {
    const meta = document.createElement('meta');
    meta.name = PUBLIC_URL_META;
    meta.content = 'https://build.example.com';
    document.head.append(meta);
    expect(mcpUrl('a1')).toBe('https://build.example.com/mcp/a1');
    expect(openAiBaseUrl()).toBe('https://build.example.com/api/v1');
  });

  it("are on the page's origin otherwise", () => {
    expect(mcpUrl('a1')).toBe(`${window.location.origin}/mcp/a1`);
  });
});

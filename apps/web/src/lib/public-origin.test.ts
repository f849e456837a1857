import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL_META } from '@buildai/domain';
import { publicOrigin } from './public-origin';

afterEach(() => document.head.querySelector(`meta[name="${PUBLIC_URL_META}"]`)?.remove());

describe('publicOrigin', () => {
  it("is the page's origin when the document names no public address", () => {
    expect(publicOrigin()).toBe(window.location.origin);
  });

  it('is PUBLIC_URL as the server names it in the document, without a trailing slash', () => {
    const meta = document.createElement('meta');
    meta.name = PUBLIC_URL_META;
    meta.content = 'https://build.example.com/';
    document.head.append(meta);
    expect(publicOrigin()).toBe('https://build.example.com');
  });
});

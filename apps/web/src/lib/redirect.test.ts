import { describe, expect, it } from 'vitest';
import { loginPathFor, postLoginPath, safeRedirectPath } from './redirect';

describe('same-origin redirect guard', () => {
  it('follows paths on this origin, with query and hash', () => {
    expect(safeRedirectPath('/build/app/a1/tool/t1')).toBe('/build/app/a1/tool/t1');
    expect(safeRedirectPath('/home?tab=apps#top')).toBe('/home?tab=apps#top');
  });

  it.each([
    '//evil.com',
    '//evil.com/home',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'https:evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' //evil.com',
    'home',
    '',
    '/\tevil',
    '/foo\\bar',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('falls back to /home', () => {
    expect(postLoginPath(null)).toBe('/home');
    expect(postLoginPath('//evil.com')).toBe('/home');
    expect(postLoginPath('javascript:alert(1)')).toBe('/home');
    expect(postLoginPath('/login?redirectTo=/x')).toBe('/home');
    expect(postLoginPath('/settings')).toBe('/settings');
  });

  it('builds the login path with the current path and query', () => {
    expect(loginPathFor({ pathname: '/build/app/a1', search: '?x=1' })).toBe(
      '/login?redirectTo=%2Fbuild%2Fapp%2Fa1%3Fx%3D1',
    );
  });
});

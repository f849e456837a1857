import { describe, expect, it } from 'vitest';
import {
  continuePath,
  isExemptPath,
  loginPathFor,
  postLoginPath,
  postLoginRoute,
  safeRedirectPath,
  verifyEmailPathFor,
} from './redirect';

describe('same-origin redirect guard', () => {
  it('follows paths on this origin, with query and hash', () => {
    expect(safeRedirectPath('/build/app/a1/tool/t1')).toBe('/build/app/a1/tool/t1');
    expect(safeRedirectPath('/home?tab=apps#top')).toBe('/home?tab=apps#top');
    expect(safeRedirectPath('/settings')).toBe('/settings');
  });

  it.each([
    '//evil.com',
    '//evil.com/home',
    '/\\evil.com',
    '/\\/evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/a/..//evil.com',
    'https://evil.com',
    'https:evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,hi',
    ' //evil.com',
    'home',
    'evil.com',
    '',
    '/\tevil',
    '/\n/evil.com',
    '/foo\\bar',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('falls back to /home', () => {
    expect(postLoginPath(null)).toBe('/home');
    expect(postLoginPath('//evil.com')).toBe('/home');
    expect(postLoginPath('https:evil.com')).toBe('/home');
    expect(postLoginPath('/\\evil.com')).toBe('/home');
    expect(postLoginPath('javascript:alert(1)')).toBe('/home');
    expect(postLoginPath('/login?redirectTo=/x')).toBe('/home');
    expect(postLoginPath('/logout')).toBe('/home');
    expect(postLoginPath('/settings')).toBe('/settings');
  });

  it('builds the login path with the current path and query', () => {
    expect(loginPathFor({ pathname: '/build/app/a1', search: '?x=1' })).toBe(
      '/login?redirectTo=%2Fbuild%2Fapp%2Fa1%3Fx%3D1',
    );
  });

  it('continue URLs stay on this origin and never loop on the verify page', () => {
    expect(continuePath('/build/app/a1?x=1')).toBe('/build/app/a1?x=1');
    expect(continuePath('/login?redirectTo=%2Fsettings')).toBe('/login?redirectTo=%2Fsettings');
    expect(continuePath('//evil.com')).toBe('/home');
    expect(continuePath('https:evil.com')).toBe('/home');
    expect(continuePath('javascript:alert(1)')).toBe('/home');
    expect(continuePath('/auth/verifyEmail?continueUrl=/x')).toBe('/home');
    expect(continuePath(null, '/login')).toBe('/login');
  });
});

describe('exempt paths', () => {
  it.each([
    '/login',
    '/auth/verifyEmail',
    '/auth/handler',
    '/error/unauthorized',
    '/logout',
    '/settings',
    '/joinPlan',
    '/app/a1/tool/caption',
    '/tool/caption',
    '/item/x',
    '/app/a1/item/x',
    '/build/app/a1',
    '/build/app/a1/tool/t1',
    '/analytics/app/a1',
  ])('%s is exempt', (path) => expect(isExemptPath(path)).toBe(true));

  it.each(['/', '/home', '/somewhere', '/settingsx', '/build', '/analytics'])('%s is not exempt', (path) =>
    expect(isExemptPath(path)).toBe(false),
  );
});

describe('post-login routing (spec 000 §2)', () => {
  const verified = { emailVerified: true };

  it('sends an unverified user to the verify page with the current path + query', () => {
    expect(
      postLoginRoute({ pathname: '/login', search: '?redirectTo=%2Fsettings', emailVerified: false }),
    ).toBe(verifyEmailPathFor({ pathname: '/login', search: '?redirectTo=%2Fsettings' }));
    expect(postLoginRoute({ pathname: '/build/app/a1', search: '', emailVerified: false })).toBe(
      '/auth/verifyEmail?continueUrl=%2Fbuild%2Fapp%2Fa1',
    );
    expect(postLoginRoute({ pathname: '/home', search: '', emailVerified: false, appName: 'Acme' })).toBe(
      '/auth/verifyEmail?continueUrl=%2Fhome&appName=Acme',
    );
  });

  it('lets an unverified user stay on the pages of signing in and out', () => {
    for (const pathname of ['/auth/verifyEmail', '/auth/handler', '/logout', '/error/unauthorized']) {
      expect(postLoginRoute({ pathname, search: '', emailVerified: false })).toBeNull();
    }
  });

  it('follows a same-origin redirectTo, and only that', () => {
    expect(postLoginRoute({ pathname: '/login', search: '?redirectTo=%2Fsettings', ...verified })).toBe(
      '/settings',
    );
    expect(
      postLoginRoute({ pathname: '/login', search: '?redirectTo=%2Fbuild%2Fapp%2Fa1%3Fx%3D1', ...verified }),
    ).toBe('/build/app/a1?x=1');
    for (const evil of ['//evil.com', 'https:evil.com', '/\\evil.com', 'javascript:alert(1)']) {
      const search = `?redirectTo=${encodeURIComponent(evil)}`;
      expect(postLoginRoute({ pathname: '/login', search, ...verified })).toBe('/home');
    }
  });

  it('leaves the sign-in page for the main page', () => {
    expect(postLoginRoute({ pathname: '/login', search: '', ...verified })).toBe('/home');
    expect(postLoginRoute({ pathname: '/login', search: '?mode=signup', ...verified })).toBe('/home');
  });

  it('stays on the root, the main page and exempt paths', () => {
    for (const pathname of ['/', '/home', '/settings', '/joinPlan', '/build/app/a1', '/app/a1/tool/t']) {
      expect(postLoginRoute({ pathname, search: '', ...verified })).toBeNull();
    }
  });

  it('sends anything else to the main page', () => {
    expect(postLoginRoute({ pathname: '/somewhere', search: '', ...verified })).toBe('/home');
    expect(postLoginRoute({ pathname: '/somewhere', search: '', ...verified, mainPage: '/start' })).toBe(
      '/start',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { effectiveMainPage, mainPageOptions } from './main-pages';

const names = (paths: string[], saved?: string) => mainPageOptions(paths, saved).map((o) => o.name);

describe('mainPageOptions', () => {
  it('lists the pages/{Name}.tsx files only: components and nested paths are not pages', () => {
    expect(
      names([
        'components/Card.tsx',
        'pages/About.tsx',
        'pages/admin/Users.tsx',
        'lib/data.ts',
        'pages/Home.tsx',
      ]),
    ).toEqual(['Home', 'About']);
  });

  it('puts the configured default pages first in their own order, then the rest by name', () => {
    expect(
      names([
        'pages/zeta.tsx',
        'pages/Dashboard.tsx',
        'pages/Alpha.tsx',
        'pages/Landing.tsx',
        'pages/beta.jsx',
        'pages/Home.tsx',
      ]),
    ).toEqual(['Home', 'Landing', 'Dashboard', 'Alpha', 'beta', 'zeta']);
  });

  it('omits the excluded not-found page', () => {
    expect(names(['pages/NotFound.tsx', 'pages/Home.tsx', 'pages/Pricing.tsx'])).toEqual(['Home', 'Pricing']);
  });

  it('keeps a saved page the app no longer has, marked missing, at the end', () => {
    expect(mainPageOptions(['pages/Home.tsx'], 'Pricing')).toEqual([
      { name: 'Home' },
      { name: 'Pricing', missing: true },
    ]);
    expect(mainPageOptions(['pages/Home.tsx'], 'Home')).toEqual([{ name: 'Home' }]);
  });

  it('an app without pages has no options', () => {
    expect(mainPageOptions([])).toEqual([]);
  });

  it('an empty setting opens on Home', () => {
    expect(effectiveMainPage('')).toBe('Home');
    expect(effectiveMainPage('About')).toBe('About');
  });
});

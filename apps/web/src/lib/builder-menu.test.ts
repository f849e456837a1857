import { describe, expect, it } from 'vitest';
import { menuFor, menuLabel, panelTitle } from './builder-menu';

const user = { accountId: 'a', plan: 'explorer', isAdmin: false };
const admin = { ...user, isAdmin: true };
const moon = { ...user, plan: 'moon' };

describe('menuFor', () => {
  it('a single tool: texts, branding, fields, results, call to action, data sources, chat, settings for everyone', () => {
    for (const account of [user, admin, { ...user, plan: 'lite' }])
      expect(menuFor('tool', account)).toEqual([
        'texts',
        'branding',
        'fields',
        'results',
        'cta',
        'data',
        'chat',
        'settings',
      ]);
  });

  it('a generated app: chat for every builder; settings for admins and Moon-plan builders', () => {
    expect(menuFor('generated', user)).toEqual([
      'details',
      'texts',
      'branding',
      'tools',
      'chat',
      'database',
      'code',
    ]);
    expect(menuFor('generated', moon)).toEqual([
      'details',
      'texts',
      'branding',
      'tools',
      'chat',
      'settings',
      'database',
      'code',
    ]);
    expect(menuFor('generated', admin)).toEqual([
      'details',
      'texts',
      'branding',
      'tools',
      'chat',
      'settings',
      'database',
      'code',
    ]);
  });

  it("a generated app's tool opened by its address is edited like a single tool, with App tools to go back", () => {
    expect(menuFor('generated', user, true)).toEqual(['texts', 'fields', 'results', 'cta', 'data', 'tools']);
    expect(menuFor('generated', moon, true)).toEqual([
      'texts',
      'fields',
      'results',
      'cta',
      'data',
      'tools',
      'settings',
    ]);
    expect(menuLabel('texts', 'generated', true)).toBe('Tool texts');
    expect(menuLabel('details', 'generated')).toBe('App details');
    expect(panelTitle('details', 'generated')).toBe('App Details');
    expect(panelTitle('texts', 'generated', true)).toBe('Tool Texts');
  });

  it('a space app: App details, Database, Chat assistant and App settings, the same for every builder and plan', () => {
    for (const account of [user, admin, moon, { ...user, plan: 'lite' }])
      expect(menuFor('space', account)).toEqual(['details', 'database', 'chat', 'settings']);
    expect(
      ['details', 'database', 'chat', 'settings'].map((p) => menuLabel(p as 'details', 'space')),
    ).toEqual(['App details', 'Database', 'Chat assistant', 'App settings']);
    expect(panelTitle('settings', 'space')).toBe('App Settings');
    expect(panelTitle('database', 'space')).toBe('Database');
  });
});

describe('a chat app', () => {
  it('has only Data sources, for every builder (spec 001 §2 "Chat menu: only Data sources")', () => {
    for (const account of [user, admin, moon, { ...user, plan: 'lite' }])
      expect(menuFor('chat', account)).toEqual(['data']);
    expect(menuLabel('data', 'chat')).toBe('Data sources');
    expect(panelTitle('data', 'chat')).toBe('Data Sources');
    expect(menuLabel('chat', 'tool')).toBe('App chat');
  });
});

describe('labels and titles', () => {
  it('names the texts and settings after the app type', () => {
    expect(menuLabel('texts', 'tool')).toBe('Tool texts');
    expect(menuLabel('texts', 'generated')).toBe('App texts');
    expect(menuLabel('settings', 'tool')).toBe('Tool settings');
    expect(menuLabel('settings', 'generated')).toBe('App settings');
    expect(panelTitle('settings', 'tool')).toBe('App Settings');
    expect(panelTitle('settings', 'generated')).toBe('Tool Settings');
  });
});

import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSettingsSchema, builderMessages, type AppSettings } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { builder, withProviders } from '@/test/workspace-fixtures';
import type { BuilderAccount } from '@/lib/builder-types';
import { makeApp } from '@/test/builder-test-kit';
import { SettingsPanel } from './settings-panel';

afterEach(() => vi.unstubAllGlobals());

/** The panel holding its own settings, as the workspace does; `changes` records every patch. */
function renderPanel(account: BuilderAccount, initial: Partial<AppSettings> = {}) {
  mockApi({
    'GET /api/builder/models': {
      body: {
        models: [
          { id: 'openai/gpt-4o', name: 'GPT-4o' },
          { id: 'gpt-4o-mini', name: 'GPT-4o mini' },
        ],
      },
    },
  });
  const changes: Partial<AppSettings>[] = [];
  const onUpgrade = vi.fn();
  function Host() {
    const [settings, setSettings] = React.useState(appSettingsSchema.parse(initial));
    return (
      <SettingsPanel
        renderApiAccess={() => null}
        app={makeApp()}
        settings={settings}
        account={account}
        onUpgrade={onUpgrade}
        onChange={(patch) => {
          changes.push(patch);
          setSettings((s) => ({ ...s, ...patch }));
        }}
      />
    );
  }
  render(withProviders(<Host />));
  return { changes, onUpgrade };
}

const ADMIN_LABELS = ['Model', 'Query method', 'Credits per run'];
const ADMIN_SWITCHES = ['User can edit results', 'Claimable', 'Tool template'];

describe('the settings panel', () => {
  it('is locked for a lite builder: the exact message, an upgrade button and every control disabled', () => {
    const { changes, onUpgrade } = renderPanel(builder({ plan: 'lite' }));
    expect(screen.getByText('Upgrade your plan to edit tool settings')).toBeTruthy();
    expect(builderMessages.settingsLocked).toBe('Upgrade your plan to edit tool settings');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);

    expect((screen.getByLabelText('Daily runs') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Weekly runs') as HTMLInputElement).disabled).toBe(true);
    const pro = screen.getByRole('switch', { name: 'Pro tool' });
    expect((pro as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(pro);
    expect(changes).toEqual([]);
  });

  it('hides the admin-only settings from a builder who is not an admin', () => {
    renderPanel(builder({ plan: 'explorer' }));
    expect(screen.queryByText(builderMessages.settingsLocked)).toBeNull();
    for (const label of ADMIN_LABELS) expect(screen.queryByLabelText(label)).toBeNull();
    for (const name of ADMIN_SWITCHES) expect(screen.queryByRole('switch', { name })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    // what a paying builder may change
    expect((screen.getByLabelText('Daily runs') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('switch', { name: 'Pro tool' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows everything to an admin, even on the lite plan, with the model list', async () => {
    renderPanel(builder({ plan: 'lite', isAdmin: true }));
    expect(screen.queryByText(builderMessages.settingsLocked)).toBeNull();
    for (const label of ADMIN_LABELS) expect(screen.getByLabelText(label)).toBeTruthy();
    for (const name of ADMIN_SWITCHES) expect(screen.getByRole('switch', { name })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'GPT-4o (openai/gpt-4o)' })).toBeTruthy();
    expect((screen.getByLabelText('Model') as HTMLSelectElement).value).toBe('gpt-4o-mini');
  });

  it('says vector search is off, and why, when the server has no embedding model (issue 32, item 15)', async () => {
    const reason =
      'Vector search is off: no embedding model is set on this server (AI_EMBEDDING_MODEL), so data sources are searched by full text.';
    mockApi({
      'GET /api/builder/models': {
        body: { models: [{ id: 'gpt-4o-mini', name: 'GPT-4o mini' }], vectorSearch: { on: false, reason } },
      },
    });
    function Host() {
      const [settings, setSettings] = React.useState(appSettingsSchema.parse({ aiQueryMethod: 'hybrid' }));
      return (
        <SettingsPanel
          renderApiAccess={() => null}
          app={makeApp()}
          settings={settings}
          account={builder({ plan: 'lite', isAdmin: true })}
          onUpgrade={vi.fn()}
          onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))}
        />
      );
    }
    render(withProviders(<Host />));
    expect((await screen.findByTestId('vector-search-off')).textContent).toBe(
      `${reason} This app's choice runs as full text until it is on.`,
    );
    const options = [...(screen.getByLabelText('Query method') as HTMLSelectElement).options];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Full text', false],
      ['Vector (off on this server)', true],
      ['Hybrid (full text and vector) (off on this server)', false],
    ]);
  });

  it('finds a model by searching, shows prices per 1M tokens, and keeps the current model listed', async () => {
    mockApi({
      'GET /api/builder/models': {
        body: {
          models: [
            { id: 'gpt-4o-mini', name: 'GPT-4o mini (default)', promptRate: 0.15, completionRate: 0.6 },
            { id: 'gpt-4o', name: 'GPT-4o', promptRate: 2.5, completionRate: 10 },
            { id: 'llama3.1:8b', name: 'llama3.1:8b', promptRate: null, completionRate: null },
          ],
        },
      },
    });
    const changes: Partial<AppSettings>[] = [];
    render(
      withProviders(
        <SettingsPanel
          renderApiAccess={() => null}
          app={makeApp()}
          settings={appSettingsSchema.parse({})}
          account={builder({ isAdmin: true })}
          onUpgrade={vi.fn()}
          onChange={(patch) => changes.push(patch)}
        />,
      ),
    );
    expect(
      await screen.findByRole('option', { name: 'GPT-4o (gpt-4o) · $2.50 / $10.00 per 1M tokens' }),
    ).toBeTruthy();
    expect(screen.getByRole('option', { name: 'llama3.1:8b' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search models' }), {
      target: { value: 'llama' },
    });
    const names = within(screen.getByLabelText('Model'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual([
      'GPT-4o mini (default) (gpt-4o-mini) · $0.15 / $0.60 per 1M tokens',
      'llama3.1:8b',
    ]);
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'llama3.1:8b' } });
    expect(changes.at(-1)).toEqual({ aiModel: 'llama3.1:8b' });
  });

  it('labels the credits per run: 1 credit, N credits per run, within 0–20', () => {
    const { changes } = renderPanel(builder({ isAdmin: true }));
    expect(screen.getByTestId('credits-label').textContent).toBe('1 credit');
    const credits = screen.getByLabelText('Credits per run');
    fireEvent.change(credits, { target: { value: '5' } });
    expect(screen.getByTestId('credits-label').textContent).toBe('5 credits per run');
    fireEvent.change(credits, { target: { value: '0' } });
    expect(screen.getByTestId('credits-label').textContent).toBe('0 credits per run');
    fireEvent.change(credits, { target: { value: '21' } });
    expect(screen.getByText('Enter a whole number from 0 to 20')).toBeTruthy();
    expect(changes.map((c) => c.creditsPerRun)).toEqual([5, 0]);
  });

  it('moves the temperature from 0 to 2 in steps of 0.1, starting at 0.7', () => {
    const { changes } = renderPanel(builder({ isAdmin: true }));
    const slider = screen.getByRole('slider', { name: 'Temperature' });
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('2');
    expect(slider.getAttribute('aria-valuenow')).toBe('0.7');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(changes.at(-1)).toEqual({ modelTemperature: 0.8 });
    fireEvent.keyDown(slider, { key: 'End' });
    expect(changes.at(-1)).toEqual({ modelTemperature: 2 });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('2');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(changes.at(-1)).toEqual({ modelTemperature: 0 });
    expect(screen.getByText('0.0')).toBeTruthy();
  });

  it('says beside the limits that anonymous visitors are counted per address too (issue 32, item 19)', () => {
    renderPanel(builder({ plan: 'pro' }));
    expect(screen.getByTestId('anonymous-limits-note').textContent).toBe(
      'Visitors who are not signed in are also counted by their network address, so people behind one address (an office, a school) share one allowance.',
    );
  });

  it('takes daily and weekly runs from 1 to 100; empty means no limit', () => {
    const { changes } = renderPanel(builder(), { dailyUserLimit: 10 });
    const daily = screen.getByLabelText('Daily runs') as HTMLInputElement;
    expect(daily.value).toBe('10');
    fireEvent.change(daily, { target: { value: '0' } });
    expect(
      screen.getByText('Enter a whole number from 1 to 100, or leave it empty for no limit'),
    ).toBeTruthy();
    fireEvent.change(daily, { target: { value: '101' } });
    fireEvent.change(daily, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Weekly runs'), { target: { value: '100' } });
    expect(changes).toEqual([{ dailyUserLimit: null }, { weeklyUserLimit: 100 }]);
  });

  it('adds a template category, refusing an empty or existing name', () => {
    const { changes } = renderPanel(builder({ isAdmin: true }), {
      isToolTemplate: true,
      templateCategories: ['Marketing'],
    });
    const add = screen.getByRole('button', { name: 'Add category' });
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Category name cannot be empty');
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: '  marketing ' } });
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Category already exists');
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: ' Sales ' } });
    fireEvent.click(add);
    expect(changes).toEqual([{ templateCategories: ['Marketing', 'Sales'], templateCategory: 'Sales' }]);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Sales');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppAnalytics } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { fillDays, parseRange } from '../lib/series';
import { AnalyticsPage } from './analytics-page';

function makeAnalytics(over: Partial<AppAnalytics> = {}): AppAnalytics {
  return {
    appId: 'a1',
    header: 'Acme AI',
    isPublished: true,
    from: '2025-03-01',
    to: '2025-03-07',
    totals: { runs: 1234, users: 56, tokens: 2_500_000 },
    ratings: { up: 30, down: 10 },
    days: [
      { date: '2025-03-02', runs: 1000, users: 40, tokens: 2_000_000 },
      { date: '2025-03-05', runs: 234, users: 16, tokens: 500_000 },
    ],
    tools: [
      {
        toolId: 't1',
        title: 'Slogan writer',
        path: 'slogans',
        runs: 234,
        users: 16,
        tokens: 500_000,
        days: [{ date: '2025-03-05', runs: 234, users: 16, tokens: 500_000 }],
      },
      {
        toolId: 't2',
        title: 'Bio writer',
        path: 'bio',
        runs: 1000,
        users: 40,
        tokens: 2_000_000,
        days: [{ date: '2025-03-02', runs: 1000, users: 40, tokens: 2_000_000 }],
      },
    ],
    sources: [
      { source: 'web', runs: 1000, users: 40, tokens: 2_000_000, credits: 0 },
      { source: 'widget', runs: 200, users: 12, tokens: 400_000, credits: 0 },
      { source: 'api', runs: 34, users: 4, tokens: 100_000, credits: 0 },
      { source: 'mcp', runs: 0, users: 0, tokens: 0, credits: 0 },
    ],
    ...over,
  };
}

function renderPage(path = '/analytics/app/a1') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/analytics/app/:appId', element: <AnalyticsPage /> },
      { path: '/build/app/:appId', element: <p>Builder</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/analytics/app/:appId', () => {
  it('shows the totals as K/M, the app name, a back link, and the tools by runs', async () => {
    const api = mockApi({ 'GET /api/apps/a1/analytics': { body: makeAnalytics() } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acme AI', level: 1 })).toBeTruthy();
    expect(api.to('GET /api/apps/a1/analytics')[0]!.query.get('days')).toBe('30');

    const stat = (name: string) => within(screen.getByRole('region', { name })).getByTestId('stat-value');
    expect(stat('Runs').textContent).toBe('1.2K');
    expect(stat('Runs').getAttribute('title')).toBe('1,234');
    expect(stat('Unique users').textContent).toBe('56');
    expect(stat('Tokens').textContent).toBe('2.5M');
    expect(stat('Thumbs up').textContent).toBe('30');
    expect(
      within(screen.getByRole('region', { name: 'Thumbs up' })).getByText('75% of 40 ratings, 10 down'),
    ).toBeTruthy();

    expect(screen.getByRole('link', { name: /Back to builder/ }).getAttribute('href')).toBe('/build/app/a1');
    expect(screen.getByRole('img', { name: 'Runs and unique users per day' })).toBeTruthy();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Bio writer/tool/bio', '1K', '40', '2M', ''],
      ['Slogan writer/tool/slogans', '234', '16', '500K', ''],
    ]);
    expect(
      within(rows[0]!).getByRole('img', { name: 'Runs per day of Bio writer' }).querySelectorAll('rect'),
    ).toHaveLength(7);
  });

  it('shows the runs by source, each with its share of the runs', async () => {
    mockApi({ 'GET /api/apps/a1/analytics': { body: makeAnalytics() } });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Runs by source' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'App page',
      'Website widget',
      'API',
      'MCP',
    ]);
    const runs = (name: string) =>
      within(within(list).getByRole('listitem', { name })).getByTestId('source-runs');
    expect(runs('App page').textContent).toBe('1K');
    expect(runs('Website widget').textContent).toBe('200');
    expect(runs('API').textContent).toBe('34');
    expect(runs('MCP').textContent).toBe('0');
    expect(
      within(list)
        .getByRole('progressbar', { name: 'Website widget share of runs' })
        .getAttribute('aria-valuenow'),
    ).toBe('16');
    expect(within(list).getByRole('listitem', { name: 'API' }).textContent).toContain('3% of runs');
  });

  it('reads a missing source as no runs', async () => {
    mockApi({
      'GET /api/apps/a1/analytics': {
        body: makeAnalytics({ sources: [{ source: 'api', runs: 5, users: 1, tokens: 10, credits: 0 }] }),
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Runs by source' });
    expect(
      within(list)
        .getAllByTestId('source-runs')
        .map((n) => n.textContent),
    ).toEqual(['0', '0', '5', '0']);
  });

  it('asks again for the range picked', async () => {
    const api = mockApi({ 'GET /api/apps/a1/analytics': { body: makeAnalytics() } });
    const router = renderPage();
    await screen.findByRole('heading', { name: 'Acme AI', level: 1 });
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() =>
      expect(api.to('GET /api/apps/a1/analytics').map((r) => r.query.get('days'))).toEqual(['30', '7']),
    );
    expect(router.state.location.search).toBe('?days=7');
    expect(screen.getByRole('radio', { name: '7 days' }).getAttribute('aria-checked')).toBe('true');
  });

  it('tells the owner to publish an unpublished app, with a way back to the builder', async () => {
    mockApi({
      'GET /api/apps/a1/analytics': errorReply('analytics/not-published'),
      'GET /api/apps/a1': { body: { appId: 'a1', header: 'Draft app' } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Publish your app to access analytics' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the builder' }).getAttribute('href')).toBe(
      '/build/app/a1',
    );
    expect(await screen.findByRole('heading', { name: 'Draft app', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Date range' })).toBeNull();
  });

  it('shows an empty state with a link to the app when nobody ran it', async () => {
    mockApi({
      'GET /api/apps/a1/analytics': {
        body: makeAnalytics({ totals: { runs: 0, users: 0, tokens: 0 }, days: [], tools: [] }),
      },
    });
    renderPage('/analytics/app/a1?days=90');
    expect(await screen.findByRole('heading', { name: 'No runs yet' })).toBeTruthy();
    expect(screen.getByText(/Nobody has run this app in the last 90 days/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the app/ }).getAttribute('href')).toBe('/app/a1');
    expect(screen.queryByRole('region', { name: 'Runs' })).toBeNull();
  });

  it('shows a failure with a retry that asks again', async () => {
    const api = mockApi({
      'GET /api/apps/a1/analytics': [errorReply('internal'), { body: makeAnalytics() }],
      'GET /api/apps/a1': { body: { appId: 'a1', header: 'Acme AI' } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: "Analytics couldn't be loaded" })).toBeTruthy();
    expect(screen.getByText('Something went wrong, please try again later')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Runs' })).toBeTruthy();
    expect(api.to('GET /api/apps/a1/analytics')).toHaveLength(2);
  });
});

describe('series', () => {
  it('fills quiet days with zeros, in order', () => {
    expect(
      fillDays(
        [{ date: '2025-03-03', runs: 2, users: 1, tokens: 10 }],
        '2025-03-01T00:00:00.000Z',
        '2025-03-04',
      ).map((d) => [d.date, d.runs]),
    ).toEqual([
      ['2025-03-01', 0],
      ['2025-03-02', 0],
      ['2025-03-03', 2],
      ['2025-03-04', 0],
    ]);
  });

  it('reads only the offered ranges', () => {
    expect(parseRange('7')).toBe(7);
    expect(parseRange('90')).toBe(90);
    expect(parseRange('12')).toBe(30);
    expect(parseRange(null)).toBe(30);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAppView } from '@/features/runtime/test/runtime-fixtures';
import { mockApi } from '@/test/mock-api';
import { RuntimeRoot } from './runtime-root';

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RuntimeRoot />
    </QueryClientProvider>,
  );
}
// lazily loaded pages: the first load transforms their modules, slow on a busy machine
const slow = { timeout: 10_000 };

afterEach(() => vi.unstubAllGlobals());

describe('RuntimeRoot (the public app pages’ document)', () => {
  it('shows the tool of a tool app', async () => {
    mockApi({ 'GET /api/apps/a1': { body: makeAppView() } });
    renderAt('/app/a1/tool/my-tool');
    expect(await screen.findByRole('heading', { name: 'Slogan writer' }, slow)).toBeTruthy();
  });

  it('opens a published space app in its sandboxed frame on the app origin, at the page the address names', async () => {
    const spaceApp = { appOrigin: 'http://127.0.0.1:4001', documentUrl: 'http://127.0.0.1:4001/apps/a1/' };
    mockApi({ 'GET /api/apps/a1': { body: makeAppView({ appType: 'space', tools: [], spaceApp }) } });
    renderAt('/app/a1/Pricing');
    const frame = (await screen.findByTitle(/.+/, {}, slow)) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    expect(frame.src.startsWith('http://127.0.0.1:4001/apps/a1/')).toBe(true);
    expect(frame.src).toContain('Pricing');
  });

  it('answers a page address under a tool app with the 404 page', async () => {
    mockApi({ 'GET /api/apps/a1': { body: makeAppView() } });
    renderAt('/app/a1/Pricing');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" }, slow)).toBeTruthy();
  });

  it('answers an address that is no page with the 404 page, linking home with a plain anchor', async () => {
    const api = mockApi({});
    renderAt('/app/a1/nothing/here');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go home/ }).getAttribute('href')).toBe('/');
    expect(api.requests).toHaveLength(0);
  });

  it('shows one record on its item page, with a link to share, as its access rules let the visitor read it', async () => {
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView({ appType: 'space', tools: [], header: 'Family cookbook' }) },
      'GET /api/apps/a1/entities/Recipe/records/r1': {
        body: {
          id: 'r1',
          createdAt: '2026-03-01T10:00:00.000Z',
          creatorId: 'u1',
          title: 'Lemon tart',
          prepMinutes: 45,
          vegetarian: true,
          tags: ['dessert', 'summer'],
        },
      },
    });
    renderAt('/app/a1/item/Recipe/r1');
    expect(await screen.findByRole('heading', { name: 'Lemon tart' }, slow)).toBeTruthy();
    expect(screen.getByText('Prep minutes')).toBeTruthy();
    // the title is the heading, not a line of its own
    expect(screen.queryByText('Title')).toBeNull();
    expect(screen.getByText('45')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('summer')).toBeTruthy();
    // the database's own fields are not the app's
    expect(screen.queryByText('Creator id')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Family cookbook/ }).getAttribute('href')).toBe('/app/a1');
    expect(api.requests.some((r) => r.path === '/api/apps/a1/entities/Recipe/records/r1')).toBe(true);
  });

  it('says an item the visitor may not read is not here (the server answers 404 either way)', async () => {
    mockApi({
      'GET /api/apps/a1': { body: makeAppView() },
      'GET /api/apps/a1/entities/Recipe/records/secret': {
        status: 404,
        body: { error: { code: 'record/not-found', message: 'Record not found' } },
      },
    });
    renderAt('/app/a1/item/Recipe/secret');
    expect(await screen.findByRole('heading', { name: 'Item not found' }, slow)).toBeTruthy();
    expect(screen.queryByText(/Coming soon/i)).toBeNull();
  });
});

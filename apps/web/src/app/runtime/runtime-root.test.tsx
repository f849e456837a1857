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

  it('shows the item pages’ notice under an app', async () => {
    mockApi({});
    renderAt('/app/a1/item/42');
    expect(await screen.findByRole('heading', { name: 'Item pages' }, slow)).toBeTruthy();
  });
});

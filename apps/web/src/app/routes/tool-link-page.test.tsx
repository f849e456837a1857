import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ToolLinkPage } from './tool-link-page';

function renderLink(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToolLinkPage path={path} />
    </QueryClientProvider>,
  );
}
const app = (appId: string, appName: string, customDomain: string | null = null) => ({
  appId,
  appName,
  toolTitle: 'Poem maker',
  customDomain,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/tool/{path} on the product host (issue 32, item 29)', () => {
  it('goes on to the one app with an active tool at that path', async () => {
    mockApi({ 'GET /api/tool-links/poem': { body: { apps: [app('a1', 'Verse')] } } });
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderLink('poem');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/app/a1/tool/poem'));
  });

  it('lets the visitor pick when several apps have a tool there', async () => {
    mockApi({
      'GET /api/tool-links/poem': {
        body: { apps: [app('a1', 'Verse'), app('a2', 'Rhymes', 'rhymes.example.com')] },
      },
    });
    renderLink('poem');
    expect(await screen.findByRole('heading', { name: 'Which app did you mean?' })).toBeTruthy();
    const links = screen.getAllByRole('link').filter((l) => l.getAttribute('href')?.startsWith('/app/'));
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/app/a1/tool/poem', '/app/a2/tool/poem']);
    expect(screen.getByText('Rhymes · rhymes.example.com')).toBeTruthy();
  });

  it('says no tool is there, instead of "Coming soon"', async () => {
    mockApi({ 'GET /api/tool-links/nothing': { body: { apps: [] } } });
    renderLink('nothing');
    expect(await screen.findByRole('heading', { name: 'No tool at this link' })).toBeTruthy();
    expect(screen.queryByText(/Coming soon/i)).toBeNull();
  });
});

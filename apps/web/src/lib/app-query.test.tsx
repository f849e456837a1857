import * as React from 'react';
import { QueryClient, QueryClientProvider, focusManager, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { appQuery } from './app-query';

afterEach(() => vi.unstubAllGlobals());

const APP = { appId: 'a1', header: 'Cover letters', tools: [] };

function Header({ label }: { label: string }) {
  const app = useQuery(appQuery('a1'));
  return <p>{app.data ? `${label}: ${app.data.header}` : `${label}: loading`}</p>;
}

describe('appQuery: one definition of GET /api/apps/{appId}', () => {
  it('every reader shares one request and one cache entry, and a window focus does not refetch it', async () => {
    const api = mockApi({ 'GET /api/apps/a1': { body: APP } });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 0, retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Header label="builder" />
        <Header label="preview" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('builder: Cover letters')).toBeTruthy();
    expect(screen.getByText('preview: Cover letters')).toBeTruthy();
    expect(api.to('GET /api/apps/a1')).toHaveLength(1);
    expect(client.getQueryData(appQuery('a1').queryKey)).toEqual(APP);

    // stale data, window focus: the builder's draft must not be overwritten by a background refetch
    await React.act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(api.to('GET /api/apps/a1')).toHaveLength(1);
  });
});

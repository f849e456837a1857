import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolTemplate } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { renderBuilder } from '@/test/builder-test-kit';
import { ToolsCollectionPage } from './tools-collection-page';

const template = (over: Partial<ToolTemplate>): ToolTemplate => ({
  appId: 'tpl1',
  header: 'Blog kit',
  description: 'Write better posts',
  templateCategory: 'Writing',
  templateImageUrl: '',
  templateDescription: '',
  isProTool: false,
  tools: [{ toolId: 'x1', title: 'Blog ideas', path: 'blog-ideas', imageUrl: null }],
  ...over,
});
const TEMPLATES = [
  template({ templateImageUrl: '/api/files/blog.png', templateDescription: 'Ideas, outlines and titles' }),
  template({
    appId: 'tpl2',
    header: 'Sales pack',
    templateCategory: 'Sales',
    isProTool: true,
    tools: [
      { toolId: 'y1', title: 'Cold email', path: 'cold-email', imageUrl: null },
      { toolId: 'y2', title: 'Follow-up', path: 'follow-up', imageUrl: null },
    ],
  }),
];

const render = () =>
  renderBuilder(<ToolsCollectionPage />, { path: '/build/app/:appId/tools', url: '/build/app/a1/tools' });
const location = () => screen.getByTestId('location').textContent;
const cards = () => within(screen.getByRole('region', { name: 'Tools' })).queryAllByRole('article');

afterEach(() => vi.unstubAllGlobals());

describe('Tools collection', () => {
  it('shows skeletons, then one card per template with its image, texts and Pro badge', async () => {
    let release: () => void = () => {};
    mockApi({
      'GET /api/apps/templates': () => new Promise((r) => (release = () => r({ body: TEMPLATES }))),
    });
    render();
    expect(screen.getAllByTestId('template-skeleton').length).toBeGreaterThan(0);
    release();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const blog = screen.getByRole('article', { name: 'Blog kit' });
    expect(within(blog).getByText('Ideas, outlines and titles')).toBeTruthy();
    expect(blog.querySelector('img')!.getAttribute('src')).toBe('/api/files/blog.png');
    expect(within(blog).queryByText('Pro')).toBeNull();
    const sales = screen.getByRole('article', { name: 'Sales pack' });
    expect(within(sales).getByText('Pro')).toBeTruthy();
    expect(within(sales).getByText('Write better posts')).toBeTruthy();
    expect(within(sales).getAllByRole('button', { name: /Add to my app/ })).toHaveLength(2);
    expect(screen.queryAllByTestId('template-skeleton')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to the builder' }).getAttribute('href')).toBe(
      '/build/app/a1',
    );
  });

  it('filters by category', async () => {
    mockApi({ 'GET /api/apps/templates': { body: TEMPLATES } });
    render();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Sales' }));
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(['Sales pack']);
    expect(screen.getByRole('button', { name: 'Sales' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(cards()).toHaveLength(2);
  });

  it('adds a template tool to the app and opens it', async () => {
    const api = mockApi({
      'GET /api/apps/templates': { body: TEMPLATES },
      'POST /api/apps/a1/tools/fromTemplate': { status: 201, body: { toolId: 'new1', path: 'follow-up' } },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my app: Follow-up' }));
    await waitFor(() => expect(location()).toBe('/build/app/a1/tool/new1'));
    expect(api.to('POST /api/apps/a1/tools/fromTemplate')[0]!.body).toEqual({
      templateAppId: 'tpl2',
      toolId: 'y2',
    });
  });

  it('a refused add shows the server’s message and stays', async () => {
    mockApi({
      'GET /api/apps/templates': { body: TEMPLATES },
      'POST /api/apps/a1/tools/fromTemplate': errorReply('tool/not-in-generated-app'),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my app: Blog ideas' }));
    expect(await screen.findByText('Tools can be added to generated apps only')).toBeTruthy();
    expect(location()).toBe('/build/app/a1/tools');
  });

  it('an empty collection says so', async () => {
    mockApi({ 'GET /api/apps/templates': { body: [] } });
    render();
    expect(await screen.findByText('No tools in the collection yet')).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });

  it('a failure shows the error with a retry that loads the list', async () => {
    const api = mockApi({
      'GET /api/apps/templates': [errorReply('internal'), { body: TEMPLATES }],
    });
    render();
    expect(await screen.findByText("We couldn't load the tools collection")).toBeTruthy();
    expect(screen.getByText('Something went wrong, please try again later')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.to('GET /api/apps/templates')).toHaveLength(2);
  });
});

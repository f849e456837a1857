import { lastNavigation } from '@/lib/page-location';
import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiAppSchema } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { makeAppView, makeTool, renderRuntime } from '../test/runtime-fixtures';
import { ToolForm } from './tool-form';

afterEach(() => vi.unstubAllGlobals());

describe('/app/:appId', () => {
  it('opens the only active tool directly (replace)', async () => {
    mockApi({
      'GET /api/apps/a1': {
        body: makeAppView({
          tools: [makeTool(), makeTool({ toolId: 't2', path: 'draft', status: 'draft' })],
        }),
      },
    });
    renderRuntime('/app/a1');
    await waitFor(() => expect(window.location.pathname).toBe('/app/a1/tool/my-tool'));
    expect(lastNavigation()).toBe('REPLACE');
  });

  it('lists several active tools as a grid of links, drafts left out', async () => {
    mockApi({
      'GET /api/apps/a1': {
        body: makeAppView({
          tools: [
            makeTool({ imageUrl: '/api/files/thumb.png' }),
            makeTool({
              toolId: 't2',
              title: 'Bio writer',
              path: 'bio',
              app: { header: 'Bio', description: 'Short bios' },
            }),
            makeTool({ toolId: 't3', title: 'Hidden', path: 'hidden', status: 'draft' }),
          ],
        }),
      },
    });
    renderRuntime('/app/a1');
    const list = await screen.findByRole('list', { name: 'Tools' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/app/a1/tool/my-tool', '/app/a1/tool/bio']);
    expect(within(links[0]!).getByText('Slogan writer')).toBeTruthy();
    expect(links[0]!.querySelector('img')!.getAttribute('src')).toBe('/api/files/thumb.png');
    expect(within(links[1]!).getByText('Short bios')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acme AI', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Hidden')).toBeNull();
  });

  it('says the app is not found when it is missing', async () => {
    mockApi({ 'GET /api/apps/a1': errorReply('app/not-found') });
    renderRuntime('/app/a1');
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeTruthy();
    expect(
      screen.getByText(
        "This app doesn't exist, or its owner hasn't published it yet. Check the link and try again.",
      ),
    ).toBeTruthy();
  });

  it('says the app is not found when it is not published', async () => {
    mockApi({ 'GET /api/apps/a1': { body: makeAppView({ isPublished: false }) } });
    renderRuntime('/app/a1');
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeTruthy();
    expect(window.location.pathname).toBe('/app/a1');
  });
});

describe('/app/:appId whose tools are all drafts', () => {
  const drafts = [makeTool({ status: 'draft' }), makeTool({ toolId: 't2', path: 'two', status: 'draft' })];

  it('tells a visitor the app is not available yet, not that it is missing', async () => {
    // the server shows a visitor the published app with its active tools: none
    mockApi({ 'GET /api/apps/a1': { body: makeAppView({ tools: [] }) } });
    renderRuntime('/app/a1');
    expect(await screen.findByRole('heading', { name: "This app isn't available yet" })).toBeTruthy();
    expect(
      screen.getByText("Its owner hasn't made any of its tools available yet. Please check back later."),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'App not found' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Open the builder/ })).toBeNull();
  });

  it('tells the owner that no tool is active, with the way to the builder', async () => {
    mockApi({
      'GET /api/apps/a1': { body: makeAppView({ isOwner: true, isPublished: false, tools: drafts }) },
    });
    renderRuntime('/app/a1');
    expect(await screen.findByRole('heading', { name: 'No active tool yet' })).toBeTruthy();
    expect(
      screen.getByText(
        'All tools of this app are drafts. Make a tool active in the builder so people can use it.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the builder/ }).getAttribute('href')).toBe('/build/app/a1');
  });
});

describe('ToolForm with an app style (the builder preview)', () => {
  const app = aiAppSchema.parse({ header: 'Preview me' });

  it('renders on the branded surface with the watermark unless hidden', () => {
    const { rerender } = render(
      <ToolForm
        app={app}
        preview
        idPrefix="preview"
        appStyle={{ styleName: 'colorful', buttonBackgroundColor: '#0ea5e9' }}
      />,
    );
    const surface = document.querySelector<HTMLElement>('[data-app-style]')!;
    expect(surface.dataset.appStyle).toBe('colorful');
    expect(surface.style.getPropertyValue('--primary')).toBe('#0ea5e9');
    expect(surface.style.getPropertyValue('--app-bg-image')).toContain('linear-gradient');
    expect(screen.getByText(/Made with/)).toBeTruthy();
    rerender(
      <ToolForm app={app} preview idPrefix="preview" appStyle={{ styleName: 'light', hideBuildAI: true }} />,
    );
    expect(screen.queryByText(/Made with/)).toBeNull();
    expect(screen.getByLabelText(/Your input/).id).toBe('preview-input');
  });
});

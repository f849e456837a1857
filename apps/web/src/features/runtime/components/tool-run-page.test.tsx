import { lastNavigation } from '@/lib/page-location';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { builderMessages, errorCatalogue } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { makeAppView, makeTool, renderRuntime, sse, streamRuns } from '../test/runtime-fixtures';

const toolWithCta = makeTool({
  app: {
    header: 'Slogan writer',
    inputLabel: 'Your product',
    ctaMessage: 'Want a logo to match?',
    ctaButton: 'Book a designer',
    ctaLink: 'https://example.com/design',
  },
});

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const typeInput = (value: string) =>
  fireEvent.change(screen.getByLabelText(/Your product/), { target: { value } });

// The page loads the result's code when a run starts; here it is loaded once up front, so that the first test does
// not wait for the test runner to transform the Markdown renderer (slow on a busy machine).
beforeAll(async () => {
  await import('./run-outcome');
}, 60_000);

describe('tool page run', () => {
  it('streams the result, moves to the result path (replace) and then shows the call to action', async () => {
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [toolWithCta] }) },
      'GET /api/live_api/user/memories/current': { body: { appId: 'a1', values: {}, updatedAt: null } },
    });
    const runs = streamRuns(
      api,
      sse(
        { type: 'start', runId: 'r1', model: 'gpt-4o-mini' },
        { type: 'delta', text: 'Fresh beans,' },
        { type: 'delta', text: ' friendly faces.' },
        { type: 'finish', runId: 'r1', usage: null },
      ),
    );
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    expect(screen.queryByRole('complementary', { name: 'Call to action' })).toBeNull();

    typeInput('A coffee shop');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Fresh beans, friendly faces.')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/app/a1/r1/tool/my-tool'));
    expect(lastNavigation()).toBe('REPLACE');
    expect(runs).toEqual([
      { url: '/api/apps/a1/tools/my-tool/run', body: { inputs: { input: 'A coffee shop' } } },
    ]);
    // the run just streamed is not asked for again
    expect(api.to('GET /api/apps/a1/runs/r1')).toHaveLength(0);

    const cta = await screen.findByRole('complementary', { name: 'Call to action' });
    expect(within(cta).getByText('Want a logo to match?')).toBeTruthy();
    const link = within(cta).getByRole('link', { name: /Book a designer/ });
    expect(link.getAttribute('href')).toBe('https://example.com/design');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows a run-limit 429 as a calm notice with the exact server message, and keeps the inputs', async () => {
    const message = builderMessages.dailyLimitReached(3);
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [toolWithCta] }) },
      'POST /api/apps/a1/tools/my-tool/run': {
        status: 429,
        body: { error: { code: 'run/daily-limit', message } },
      },
    });
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    typeInput('A bakery');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    const notice = await screen.findByTestId('run-limit-notice');
    expect(within(notice).getByText(message)).toBeTruthy();
    expect(message).toBe('You have reached the daily limit of 3 runs, come back tomorrow');
    expect(within(notice).getByText('Run limit reached')).toBeTruthy();
    expect(screen.queryByText("The answer couldn't be generated")).toBeNull();
    expect((screen.getByLabelText(/Your product/) as HTMLTextAreaElement).value).toBe('A bakery');
    expect(screen.queryByRole('complementary', { name: 'Call to action' })).toBeNull();
    expect(api.to('POST /api/apps/a1/tools/my-tool/run')).toHaveLength(1);
    // Generate stays off and says why; the inputs are kept for later
    const generate = screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(generate.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(generate.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Run limit reached',
    );
    fireEvent.click(generate);
    expect(api.to('POST /api/apps/a1/tools/my-tool/run')).toHaveLength(1);
  });

  it('shows other run errors as an error', async () => {
    mockApi({
      'GET /api/apps/a1': { body: makeAppView() },
      'POST /api/apps/a1/tools/my-tool/run': {
        status: 502,
        body: {
          error: {
            code: 'ai/provider-failed',
            message: 'The AI provider failed to answer, please try again later',
          },
        },
      },
    });
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    typeInput('x');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText("The answer couldn't be generated")).toBeTruthy();
    expect(screen.getByText('The AI provider failed to answer, please try again later')).toBeTruthy();
    expect(screen.queryByTestId('run-limit-notice')).toBeNull();
  });

  it('tells a visitor the tool is unavailable when the server has no AI provider, without set-up text', async () => {
    const { status, message } = errorCatalogue['ai/unavailable'];
    mockApi({
      'GET /api/apps/a1': { body: makeAppView() },
      'POST /api/apps/a1/tools/my-tool/run': { status, body: { error: { code: 'ai/unavailable', message } } },
    });
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    typeInput('x');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText("This tool isn't available right now")).toBeTruthy();
    expect(screen.getByText('This tool is not available right now, please try again later')).toBeTruthy();
    expect(screen.queryByText(/AI_PROVIDER/)).toBeNull();
  });
});

describe('result path', () => {
  it('loads the run by id, shows it with the call to action, and Run again returns to the tool', async () => {
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [toolWithCta] }) },
      'GET /api/apps/a1/runs/r7': {
        body: {
          runId: 'r7',
          toolId: 't1',
          toolPath: 'my-tool',
          status: 'succeeded',
          output: 'Bread you can trust.',
          createdAt: new Date().toISOString(),
          inputs: { input: 'A bakery' },
        },
      },
    });
    renderRuntime('/app/a1/r7/tool/my-tool');
    expect(await screen.findByText('Bread you can trust.')).toBeTruthy();
    expect(api.to('GET /api/apps/a1/runs/r7')).toHaveLength(1);
    // the form starts from the run's inputs
    await waitFor(() =>
      expect((screen.getByLabelText(/Your product/) as HTMLTextAreaElement).value).toBe('A bakery'),
    );
    expect(screen.getByRole('complementary', { name: 'Call to action' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/a1/tool/my-tool'));
    expect(screen.queryByText('Bread you can trust.')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Call to action' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeTruthy();
  });

  it('lists the sources the saved run drew on, with their passages', async () => {
    mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [toolWithCta] }) },
      'GET /api/apps/a1/runs/r8': {
        body: {
          runId: 'r8',
          toolId: 't1',
          toolPath: 'my-tool',
          status: 'succeeded',
          output: 'Sourdough, baked at dawn.',
          createdAt: new Date().toISOString(),
          inputs: { input: 'A bakery' },
          citations: [
            {
              itemId: 'i1',
              itemName: 'Bakery notes',
              passages: ['We bake sourdough every morning at five.'],
            },
          ],
        },
      },
    });
    renderRuntime('/app/a1/r8/tool/my-tool');
    expect(await screen.findByText('Sourdough, baked at dawn.')).toBeTruthy();
    const sources = await screen.findByRole('list', { name: 'Sources' });
    const chip = within(sources).getByRole('button', { name: /Bakery notes/ });
    fireEvent.click(chip);
    expect(await screen.findByText('We bake sourdough every morning at five.')).toBeTruthy();
  });

  it("offers the run's own user a rating on the result opened again, with the thumb they gave", async () => {
    const saved = (runId: string, yours: boolean, rating: 'up' | 'down' | null) => ({
      body: {
        runId,
        toolId: 't1',
        toolPath: 'my-tool',
        status: 'succeeded',
        output: `Result ${runId}.`,
        createdAt: new Date().toISOString(),
        inputs: { input: 'A bakery' },
        citations: [],
        yours,
        rating,
      },
    });
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [toolWithCta] }) },
      'GET /api/apps/a1/runs/mine': saved('mine', true, 'up'),
      'POST /api/apps/a1/runs/mine/rating': { body: { runId: 'mine', rating: 'down', reason: null } },
    });
    renderRuntime('/app/a1/mine/tool/my-tool');
    const rating = await screen.findByRole('group', { name: 'Rate this result' });
    expect(within(rating).getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(rating).getByRole('button', { name: 'Bad answer' }));
    await waitFor(() =>
      expect(within(rating).getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(api.to('POST /api/apps/a1/runs/mine/rating')[0]!.body).toEqual({ rating: 'down' });
  });

  it('offers no rating on a result someone else made (a shared link)', async () => {
    mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [toolWithCta] }) },
      'GET /api/apps/a1/runs/theirs': {
        body: {
          runId: 'theirs',
          toolId: 't1',
          toolPath: 'my-tool',
          status: 'succeeded',
          output: 'Someone else asked.',
          createdAt: new Date().toISOString(),
          inputs: {},
          citations: [],
          yours: false,
          rating: null,
        },
      },
    });
    renderRuntime('/app/a1/theirs/tool/my-tool');
    expect(await screen.findByText('Someone else asked.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Rate this result' })).toBeNull();
  });

  it('says when a result is not available', async () => {
    mockApi({ 'GET /api/apps/a1': { body: makeAppView() } });
    renderRuntime('/app/a1/missing/tool/my-tool');
    expect(await screen.findByText("This result isn't available")).toBeTruthy();
    expect(screen.getByText('The link may be wrong, or the result was deleted.')).toBeTruthy();
  });
});

describe('memories', () => {
  it('pre-fills remembered values, asking with cookies', async () => {
    const tool = makeTool({
      app: {
        isInputHidden: true,
        fields: [{ name: 'email', label: 'Email', type: 'email', personal: true }],
      },
    });
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView({ tools: [tool] }) },
      'GET /api/live_api/user/memories/current': {
        body: { appId: 'a1', values: { email: 'ana@example.com' }, updatedAt: null },
      },
    });
    renderRuntime('/app/a1/tool/my-tool');
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com'),
    );
    const [call] = api.to('GET /api/live_api/user/memories/current');
    expect(call!.query.get('appId')).toBe('a1');
    const init = api.fetchMock.mock.calls.find(([u]) => String(u).includes('memories'))![1]!;
    expect(init.credentials).toBe('include');
  });

  it('says nothing when memories cannot be loaded', async () => {
    mockApi({
      'GET /api/apps/a1': { body: makeAppView() },
      'GET /api/live_api/user/memories/current': {
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
      },
    });
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('x')).toBeNull();
  });
});

describe('branding', () => {
  it('puts the app style on the page as CSS variables and hides the watermark when asked', async () => {
    mockApi({
      'GET /api/apps/a1': {
        body: makeAppView({
          appStyle: {
            styleName: 'dark',
            backgroundColor: '#101820',
            backgroundImage: '/api/files/bg.png',
            logoUrl: '/api/files/logo.png',
            headerTextColor: '#fafafa',
            subheaderTextColor: '#a1a1aa',
            buttonTextColor: '#000000',
            buttonBackgroundColor: '#facc15',
            hideBuildAI: true,
          },
        }),
      },
    });
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    const surface = document.querySelector<HTMLElement>('[data-app-style]')!;
    expect(surface.dataset.appStyle).toBe('dark');
    expect(surface.classList.contains('dark')).toBe(true);
    const v = (name: string) => surface.style.getPropertyValue(name);
    expect(v('--app-bg')).toBe('#101820');
    expect(v('--app-bg-image')).toBe('url("/api/files/bg.png")');
    expect(v('--app-header-color')).toBe('#fafafa');
    expect(v('--app-subheader-color')).toBe('#a1a1aa');
    expect(v('--primary')).toBe('#facc15');
    expect(v('--primary-foreground')).toBe('#000000');
    expect(screen.getByRole('img', { name: 'Acme AI logo' }).getAttribute('src')).toBe('/api/files/logo.png');
    expect(screen.queryByText(/Made with/)).toBeNull();
  });

  it('shows the watermark by default, with the light style', async () => {
    mockApi({ 'GET /api/apps/a1': { body: makeAppView() } });
    renderRuntime('/app/a1/tool/my-tool');
    await screen.findByRole('heading', { name: 'Slogan writer' });
    expect(document.querySelector<HTMLElement>('[data-app-style]')!.dataset.appStyle).toBe('light');
    expect(screen.getByRole('link', { name: /Made with/ }).textContent).toBe('Made with BuildAI');
  });
});

describe('unavailable tool', () => {
  it('explains a missing tool', async () => {
    mockApi({ 'GET /api/apps/a1': { body: makeAppView() } });
    renderRuntime('/app/a1/tool/nope');
    expect(await screen.findByText("This tool isn't available")).toBeTruthy();
  });
});

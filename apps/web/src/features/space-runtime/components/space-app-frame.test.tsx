import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppErrorItem } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { SpaceAppFrame } from './space-app-frame';

afterEach(() => vi.unstubAllGlobals());

const URL_1 = 'http://127.0.0.1:3001/apps/a1/preview?token=t1';
const URL_2 = 'http://127.0.0.1:3001/apps/a1/preview?token=t2';

function renderFrame(onAppErrors: (errors: AppErrorItem[]) => void, refreshKey = 0) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (key: number, reloadKey = 0) => (
    <QueryClientProvider client={client}>
      <SpaceAppFrame
        appId="a1"
        mode="preview"
        refreshKey={key}
        reloadKey={reloadKey}
        onAppErrors={onAppErrors}
      />
    </QueryClientProvider>
  );
  const view = render(ui(refreshKey));
  return {
    ...view,
    rerenderWith: (key: number, reloadKey = 0) => view.rerender(ui(key, reloadKey)),
  };
}

/** A message as the sandboxed frame's window posts it (opaque origin "null"), or from someone else. */
function post(data: unknown, from: { source: MessageEventSource | null; origin?: string }) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: from.origin ?? 'null', source: from.source }),
    );
  });
}

const error = (title: string) => ({
  source: 'buildai-app',
  type: 'error',
  error: { title, details: `${title} at x` },
});

describe('SpaceAppFrame', () => {
  it('frames the preview link in the sandbox and reports the errors its own frame posts, checked by shape and sender', async () => {
    const api = mockApi({
      'POST /api/apps/a1/preview-token': { body: { url: URL_1, expiresAt: '2030-01-01T00:00:00Z' } },
    });
    const onAppErrors = vi.fn();
    renderFrame(onAppErrors);
    const iframe = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    expect(iframe.getAttribute('src')).toBe(URL_1);
    expect(api.to('POST /api/apps/a1/preview-token')).toHaveLength(1);
    const frame = iframe.contentWindow!;

    post({ source: 'buildai-app', type: 'loaded', page: 'Home' }, { source: frame });
    expect(onAppErrors).toHaveBeenLastCalledWith([]);

    // not from the frame, not from the opaque origin, or not the shape: ignored
    post(error('from the product window'), { source: window });
    post(error('from a real origin'), { source: frame, origin: 'http://127.0.0.1:3001' });
    post({ source: 'buildai-app', type: 'error', error: { title: 42 } }, { source: frame });
    expect(onAppErrors).toHaveBeenCalledTimes(1);

    post(error('TypeError: x is undefined'), { source: frame });
    post(error('TypeError: x is undefined'), { source: frame });
    post(error('Error: Boom'), { source: frame });
    expect(onAppErrors).toHaveBeenCalledTimes(3);
    expect(onAppErrors).toHaveBeenLastCalledWith([
      { title: 'TypeError: x is undefined', details: 'TypeError: x is undefined at x' },
      { title: 'Error: Boom', details: 'Error: Boom at x' },
    ]);
  });

  it('loads the frame again with the same valid link when refreshKey changes, with a new error list', async () => {
    const api = mockApi({
      'POST /api/apps/a1/preview-token': { body: { url: URL_1, expiresAt: '2030-01-01T00:00:00Z' } },
    });
    const onAppErrors = vi.fn();
    const view = renderFrame(onAppErrors);
    const first = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
    post(error('Error: old'), { source: first.contentWindow });
    view.rerenderWith(1);
    await waitFor(() => expect(screen.getByTitle('App preview')).not.toBe(first));
    const second = screen.getByTitle('App preview') as HTMLIFrameElement;
    // a new frame (a new load of the current files) on the link it already had: no second round trip
    expect(second.getAttribute('src')).toBe(URL_1);
    expect(api.to('POST /api/apps/a1/preview-token')).toHaveLength(1);
    // the new frame's listener is attached by an effect after the swap, which a busy machine may run after the
    // first post, so the frame's "loaded" is posted until it is heard
    await waitFor(() => {
      post({ source: 'buildai-app', type: 'loaded', page: 'Home' }, { source: second.contentWindow });
      expect(onAppErrors).toHaveBeenLastCalledWith([]);
    });
  });

  it('swaps the new bundle into a loaded frame when the files change, and loads again when it cannot or on Reload', async () => {
    mockApi({
      'POST /api/apps/a1/preview-token': { body: { url: URL_1, expiresAt: '2030-01-01T00:00:00Z' } },
    });
    const onAppErrors = vi.fn();
    const view = renderFrame(onAppErrors);
    const first = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
    const frame = first.contentWindow!;
    const sent = vi.spyOn(frame, 'postMessage').mockImplementation(() => {});
    post({ source: 'buildai-app', type: 'loaded', page: 'Home' }, { source: frame });
    post(error('Error: old'), { source: frame });

    // the files changed: the shell asks the frame to swap, with no code and no address in the message
    view.rerenderWith(1);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    const [asked, target] = sent.mock.calls[0]!;
    expect(target).toBe('*');
    expect(Object.keys(asked as object).sort()).toEqual(['id', 'source', 'type']);
    const { id } = asked as { id: string };
    expect(asked).toEqual({ source: 'buildai-shell', type: 'swap', id });
    // an answer from anyone but the frame counts for nothing
    post({ source: 'buildai-app', type: 'swapped', id, ok: false }, { source: window });
    post(
      { source: 'buildai-app', type: 'swapped', id, ok: false },
      { source: frame, origin: 'https://x.test' },
    );
    post({ source: 'buildai-app', type: 'swapped', id, ok: true }, { source: frame });
    // the same frame, the old errors gone with the old bundle
    expect(screen.getByTitle('App preview')).toBe(first);
    expect(onAppErrors).toHaveBeenLastCalledWith([]);

    // the frame could not swap (other shared modules, a failed build): it loads again
    view.rerenderWith(2);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    const second = (sent.mock.calls[1]![0] as { id: string }).id;
    expect(second).not.toBe(id);
    post({ source: 'buildai-app', type: 'swapped', id: second, ok: false }, { source: frame });
    await waitFor(() => expect(screen.getByTitle('App preview')).not.toBe(first));
    const reloaded = screen.getByTitle('App preview') as HTMLIFrameElement;

    // a frame that has not said it is loaded is not asked: it loads again
    const notReady = vi.spyOn(reloaded.contentWindow!, 'postMessage').mockImplementation(() => {});
    view.rerenderWith(3);
    await waitFor(() => expect(screen.getByTitle('App preview')).not.toBe(reloaded));
    expect(notReady).not.toHaveBeenCalled();

    // Reload loads again without asking
    const current = screen.getByTitle('App preview') as HTMLIFrameElement;
    const asks = vi.spyOn(current.contentWindow!, 'postMessage').mockImplementation(() => {});
    post({ source: 'buildai-app', type: 'loaded', page: 'Home' }, { source: current.contentWindow });
    view.rerenderWith(3, 1);
    await waitFor(() => expect(screen.getByTitle('App preview')).not.toBe(current));
    expect(asks).not.toHaveBeenCalled();
  });

  it('asks for a new link before a reload when the one it has expires within a minute', async () => {
    const soon = new Date(Date.now() + 30_000).toISOString();
    const api = mockApi({
      'POST /api/apps/a1/preview-token': [
        { body: { url: URL_1, expiresAt: soon } },
        { body: { url: URL_2, expiresAt: '2030-01-01T00:00:00Z' } },
      ],
    });
    const view = renderFrame(vi.fn());
    const first = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
    expect(first.getAttribute('src')).toBe(URL_1);
    view.rerenderWith(1);
    await waitFor(() => expect(screen.getByTitle('App preview').getAttribute('src')).toBe(URL_2));
    expect(api.to('POST /api/apps/a1/preview-token')).toHaveLength(2);
  });
});

describe('SpaceAppFrame, what visitors see', () => {
  it("opens the published app with the owner's member link (an app with paid memberships opens with no less)", async () => {
    const memberUrl = 'http://127.0.0.1:3001/apps/a1/?access=m1';
    const spaceApp = { appOrigin: 'http://127.0.0.1:3001', documentUrl: 'http://127.0.0.1:3001/apps/a1/' };
    mockApi({
      // the fields the frame reads of the app's view
      'GET /api/apps/a1': {
        body: { appId: 'a1', appType: 'space', header: 'Notes', isOwner: true, spaceApp },
      },
      'POST /api/apps/a1/member-link': { body: { url: memberUrl, expiresAt: '2030-01-01T00:00:00Z' } },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SpaceAppFrame appId="a1" mode="published" refreshKey={0} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe(memberUrl));
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BRIDGE_SHELL_MAX_IN_FLIGHT, appBridgeReplySchema, appBridgeTexts } from '@buildai/domain';
import { clearToken, getToken, setToken } from '@/lib/session';
import { errorReply, mockApi } from '@/test/mock-api';
import { answerRequest, frameGesture } from '../lib/data-bridge';
import { SpaceAppFrame } from './space-app-frame';

// The shell's side of the data bridge (decision 0008, "The data bridge"): which messages it takes, the calls it makes
// with the product's session, and what it answers the frame.

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const PREVIEW = 'http://127.0.0.1:3001/apps/a1/preview?token=t1';
const record = { id: 'r1', createdAt: '2026-01-01T00:00:00.000Z', creatorId: 'u1', title: 'Write tests' };

async function renderPreview(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    'POST /api/apps/a1/preview-token': { body: { url: PREVIEW, expiresAt: '2030-01-01T00:00:00Z' } },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SpaceAppFrame appId="a1" mode="preview" refreshKey={0} />
    </QueryClientProvider>,
  );
  const iframe = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
  const frame = iframe.contentWindow!;
  const replies = vi.fn();
  frame.postMessage = replies as unknown as Window['postMessage'];
  return { api, frame, replies };
}

function post(data: unknown, from: { source: MessageEventSource | null; origin?: string }) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: from.origin ?? 'null', source: from.source }),
    );
  });
}

const request = (id: string, op: string, args: unknown, entity = 'Task') => ({
  source: 'buildai-app',
  type: 'data',
  id,
  op,
  entity,
  args,
});

/** The replies posted to the frame, each checked against the domain's schema, by request id. */
function repliesOf(replies: ReturnType<typeof vi.fn>) {
  return Object.fromEntries(
    replies.mock.calls.map(([reply, target]) => {
      expect(target).toBe('*');
      const parsed = appBridgeReplySchema.parse(reply);
      return [parsed.id, parsed];
    }),
  );
}

describe('the data bridge in the builder preview', () => {
  it("makes each call with the builder's session on the app's record routes and answers the frame", async () => {
    setToken({ idToken: 'builder-token', refreshToken: '', expiresIn: 3600 } as never);
    const { api, frame, replies } = await renderPreview({
      'GET /api/apps/a1/entities/Task/records': { body: { records: [record], nextCursor: 'c2' } },
      'POST /api/apps/a1/entities/Task/records': { status: 201, body: record },
      'PATCH /api/apps/a1/entities/Task/records/r1': { body: { ...record, title: 'Done' } },
      'DELETE /api/apps/a1/entities/Task/records/r1': { status: 204 },
      'GET /api/apps/a1/entities/Task/records/r1': { body: record },
      'POST /api/apps/a1/entities/Task/records/bulk': { body: { created: ['r2'], failed: [] } },
    });
    post(request('a', 'list', { limit: 20, cursor: 'c1' }), { source: frame });
    post(request('b', 'create', { fields: { title: 'Write tests' } }), { source: frame });
    post(request('c', 'update', { id: 'r1', fields: { title: 'Done' } }), { source: frame });
    post(request('d', 'delete', { id: 'r1' }), { source: frame });
    post(request('e', 'get', { id: 'r1' }), { source: frame });
    post(request('f', 'bulkCreate', { records: [{ title: 'x' }] }), { source: frame });
    await waitFor(() => expect(replies).toHaveBeenCalledTimes(6));
    const answers = repliesOf(replies);
    expect(answers.a).toMatchObject({ ok: true, result: { records: [record], nextCursor: 'c2' } });
    expect(answers.b).toMatchObject({ ok: true, result: record });
    expect(answers.c).toMatchObject({ ok: true, result: { title: 'Done' } });
    expect(answers.d).toMatchObject({ ok: true, result: null });
    expect(answers.e).toMatchObject({ ok: true, result: record });
    expect(answers.f).toMatchObject({ ok: true, result: { created: ['r2'], failed: [] } });

    const list = api.to('GET /api/apps/a1/entities/Task/records')[0]!;
    expect(list.url).toBe('/api/apps/a1/entities/Task/records?limit=20&cursor=c1');
    expect(list.headers.authorization).toBe('Bearer builder-token');
    expect(api.to('POST /api/apps/a1/entities/Task/records')[0]!.body).toEqual({
      fields: { title: 'Write tests' },
    });
    expect(api.to('PATCH /api/apps/a1/entities/Task/records/r1')[0]!.body).toEqual({ title: 'Done' });
    expect(api.to('POST /api/apps/a1/entities/Task/records/bulk')[0]!.body).toEqual({
      records: [{ title: 'x' }],
    });
  });

  it('ignores messages from anyone but its frame, or from a real origin, and refuses bad shapes without a call', async () => {
    const { api, frame, replies } = await renderPreview({
      'GET /api/apps/a1/entities/Task/records': { body: { records: [], nextCursor: null } },
    });
    post(request('a', 'list', {}), { source: window });
    post(request('b', 'list', {}), { source: frame, origin: 'http://127.0.0.1:3001' });
    // no usable id: nothing to answer (the frame's own timeout ends it)
    post(request('bad id!', 'list', {}), { source: frame });
    expect(replies).not.toHaveBeenCalled();

    post(request('c', 'list', {}, 'Task; DROP'), { source: frame });
    post(request('d', 'drop', {}), { source: frame });
    post(request('e', 'list', { limit: 10_000 }), { source: frame });
    post(request('f', 'get', { id: 'r1', extra: true }), { source: frame });
    post(request('g', 'create', { fields: { text: 'x'.repeat(1_000_001) } }), { source: frame });
    post({ source: 'buildai-app', type: 'auth', id: 'h', op: 'becomeAdmin' }, { source: frame });
    await waitFor(() => expect(replies).toHaveBeenCalledTimes(6));
    const answers = repliesOf(replies);
    for (const id of ['c', 'd', 'e', 'f', 'g', 'h']) {
      expect(answers[id], id).toMatchObject({ ok: false, error: { code: 'request/invalid', status: 400 } });
      expect(answers[id]!.ok === false && answers[id]!.error.message).toMatch(
        /^The app sent a request the page cannot make: /,
      );
    }
    expect(answers.c!.ok === false && answers.c!.error.message).toContain(
      'entity: An entity name starts with a letter',
    );
    expect(api.requests.filter((r) => r.path.includes('/entities/'))).toHaveLength(0);
  });

  it("answers the server's error as it came: code, message and status", async () => {
    const { frame, replies } = await renderPreview({
      'POST /api/apps/a1/entities/Task/records': {
        status: 400,
        body: { error: { code: 'record/invalid', message: 'title: must be a string', field: 'title' } },
      },
      'GET /api/apps/a1/entities/Secret/records': errorReply('auth/forbidden'),
    });
    post(request('a', 'create', { fields: { title: 1 } }), { source: frame });
    post(request('b', 'list', {}, 'Secret'), { source: frame });
    await waitFor(() => expect(replies).toHaveBeenCalledTimes(2));
    const answers = repliesOf(replies);
    expect(answers.a).toEqual({
      source: 'buildai-shell',
      type: 'reply',
      id: 'a',
      ok: false,
      error: { code: 'record/invalid', message: 'title: must be a string', status: 400 },
    });
    expect(answers.b).toMatchObject({ ok: false, error: { code: 'auth/forbidden', status: 403 } });
  });

  it(`refuses more than ${APP_BRIDGE_SHELL_MAX_IN_FLIGHT} requests at once`, async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { frame, replies } = await renderPreview({
      'GET /api/apps/a1/entities/Task/records': async () => {
        await held;
        return { body: { records: [], nextCursor: null } };
      },
    });
    for (let i = 0; i <= APP_BRIDGE_SHELL_MAX_IN_FLIGHT; i++)
      post(request(`q${i}`, 'list', {}), { source: frame });
    await waitFor(() => expect(replies).toHaveBeenCalledTimes(1));
    expect(repliesOf(replies)[`q${APP_BRIDGE_SHELL_MAX_IN_FLIGHT}`]).toMatchObject({
      ok: false,
      error: { code: 'bridge/busy', message: appBridgeTexts.busy, status: 429 },
    });
    release();
    await waitFor(() => expect(replies).toHaveBeenCalledTimes(APP_BRIDGE_SHELL_MAX_IN_FLIGHT + 1));
  });

  it('answers me() with the builder, and sign-in with a notice instead of leaving the builder', async () => {
    const owner = { id: 'u0', email: 'owner@example.com', role: 'admin' };
    const { api, frame, replies } = await renderPreview({ 'GET /api/apps/a1/me': { body: { user: owner } } });
    post({ source: 'buildai-app', type: 'auth', id: 'm', op: 'me' }, { source: frame });
    post({ source: 'buildai-app', type: 'auth', id: 's', op: 'signIn' }, { source: frame });
    post({ source: 'buildai-app', type: 'auth', id: 'o', op: 'signOut' }, { source: frame });
    await waitFor(() => expect(replies).toHaveBeenCalledTimes(3));
    const answers = repliesOf(replies);
    expect(answers.m).toMatchObject({ ok: true, result: owner });
    expect(answers.s).toMatchObject({
      ok: true,
      result: { redirecting: false, notice: appBridgeTexts.previewAuth },
    });
    expect(answers.o).toMatchObject({
      ok: true,
      result: { redirecting: false, notice: appBridgeTexts.previewAuth },
    });
    expect(screen.getByText(appBridgeTexts.previewAuth)).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/signOut')).toHaveLength(0);
  });
});

describe('sign-in on the live page', () => {
  const auth = (id: string, op: string) => ({ source: 'buildai-app', type: 'auth', id, op }) as never;

  it("takes an anonymous visitor to the app's sign-in (or sign-up) and back to the same page", async () => {
    const api = mockApi({ 'GET /api/apps/a1/me': { body: { user: null } } });
    const goTo = vi.fn();
    const ctx = { appId: 'a1', preview: false, goTo, currentAddress: () => '/app/a1/Tasks?tab=mine' };
    expect(await answerRequest(auth('i', 'signIn'), ctx)).toMatchObject({
      ok: true,
      result: { redirecting: true },
    });
    expect(goTo).toHaveBeenLastCalledWith('/login?appId=a1&redirectTo=%2Fapp%2Fa1%2FTasks%3Ftab%3Dmine');
    await answerRequest(auth('u', 'signUp'), ctx);
    expect(goTo).toHaveBeenLastCalledWith(
      '/login?appId=a1&redirectTo=%2Fapp%2Fa1%2FTasks%3Ftab%3Dmine&mode=signup',
    );
    // nobody was signed in: nothing to sign out
    expect(api.to('POST /api/live_api/auth/signOut')).toHaveLength(0);
  });

  it("ends another session first (the sign-in page would send it straight back), and keeps the app's own user", async () => {
    setToken({ idToken: 'other-tenant-token', refreshToken: '', expiresIn: 3600 } as never);
    const api = mockApi({
      'GET /api/apps/a1/me': [
        { body: { user: null } },
        { body: { user: { id: 'u1', email: 'ada@example.com', role: 'user' } } },
      ],
      'POST /api/live_api/auth/signOut': { status: 204 },
    });
    const goTo = vi.fn();
    const ctx = { appId: 'a1', preview: false, goTo, currentAddress: () => '/app/a1' };
    await answerRequest(auth('i', 'signIn'), ctx);
    expect(api.to('POST /api/live_api/auth/signOut')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(goTo).toHaveBeenCalledTimes(1);

    // already the app's user: nothing to do
    setToken({ idToken: 'app-user-token', refreshToken: '', expiresIn: 3600 } as never);
    expect(await answerRequest(auth('j', 'signIn'), ctx)).toMatchObject({
      ok: true,
      result: { redirecting: false },
    });
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('app-user-token');
  });

  it('signs the visitor out and loads the app again', async () => {
    setToken({ idToken: 'app-user-token', refreshToken: '', expiresIn: 3600 } as never);
    const api = mockApi({ 'POST /api/live_api/auth/signOut': { status: 204 } });
    const onSignedOut = vi.fn();
    const reply = await answerRequest(auth('o', 'signOut'), { appId: 'a1', preview: false, onSignedOut });
    expect(reply).toMatchObject({ ok: true, result: { redirecting: false } });
    expect(api.to('POST /api/live_api/auth/signOut')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('signs nobody in or out without a click or tap in the app (ASVS 5.0 V3.5)', async () => {
    setToken({ idToken: 'visitor-token', refreshToken: '', expiresIn: 3600 } as never);
    const api = mockApi({
      'GET /api/apps/a1/me': { body: { user: null } },
      'POST /api/live_api/auth/signOut': { status: 204 },
    });
    const goTo = vi.fn();
    const onSignedOut = vi.fn();
    const ctx = { appId: 'a1', preview: false, goTo, onSignedOut, hasUserGesture: () => false };
    for (const op of ['signIn', 'signUp', 'signOut']) {
      expect(await answerRequest(auth(op, op), ctx)).toEqual({
        source: 'buildai-shell',
        type: 'reply',
        id: op,
        ok: false,
        error: {
          code: 'bridge/needs-gesture',
          message: 'Sign-in and sign-out run only when the visitor clicks or taps in the app',
          status: 403,
        },
      });
    }
    expect(api.to('POST /api/live_api/auth/signOut')).toHaveLength(0);
    expect(goTo).not.toHaveBeenCalled();
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(getToken()).toBe('visitor-token');
    // me() needs no gesture
    expect(await answerRequest(auth('m', 'me'), ctx)).toMatchObject({ ok: true, result: null });
  });

  it('takes a gesture for one in the app only while its frame holds the focus (issue 32, item 21)', () => {
    // Chromium gives a page opened from the address bar activation of its own: the frame was never touched
    vi.stubGlobal('navigator', { ...navigator, userActivation: { isActive: true } });
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      expect(frameGesture(frame)).toBe(false);
      expect(frameGesture(null)).toBe(false);
      frame.focus();
      expect(document.activeElement).toBe(frame);
      expect(frameGesture(frame)).toBe(true);
      // focused, but no fresh click or tap
      vi.stubGlobal('navigator', { ...navigator, userActivation: { isActive: false } });
      expect(frameGesture(frame)).toBe(false);
    } finally {
      frame.remove();
      vi.unstubAllGlobals();
    }
  });

  it('makes a call again as anonymous when the session has expired for good', async () => {
    setToken({ idToken: 'expired', refreshToken: '', expiresIn: 3600 } as never);
    const api = mockApi({
      'GET /api/apps/a1/entities/Task/records': (req) =>
        req.headers.authorization
          ? errorReply('auth/unauthenticated')
          : { body: { records: [record], nextCursor: null } },
      'POST /api/live_api/auth/refresh': errorReply('auth/unauthenticated'),
    });
    const reply = await answerRequest(
      { source: 'buildai-app', type: 'data', id: 'a', op: 'list', entity: 'Task', args: {} },
      { appId: 'a1', preview: false },
    );
    expect(reply).toMatchObject({ ok: true, result: { records: [record] } });
    expect(api.to('GET /api/apps/a1/entities/Task/records')).toHaveLength(2);
  });

  it('does not repeat a write as anonymous: it fails with the server’s 401', async () => {
    setToken({ idToken: 'expired', refreshToken: '', expiresIn: 3600 } as never);
    const api = mockApi({
      'POST /api/apps/a1/entities/Task/records': (req) =>
        req.headers.authorization ? errorReply('auth/unauthenticated') : { status: 201, body: record },
      'POST /api/live_api/auth/refresh': errorReply('auth/unauthenticated'),
    });
    const reply = await answerRequest(
      {
        source: 'buildai-app',
        type: 'data',
        id: 'w',
        op: 'create',
        entity: 'Task',
        args: { fields: { title: 'x' } },
      },
      { appId: 'a1', preview: false },
    );
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'auth/unauthenticated', message: 'You need to sign in to do that', status: 401 },
    });
    expect(api.to('POST /api/apps/a1/entities/Task/records')).toHaveLength(1);
  });
});

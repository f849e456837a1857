import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@buildai/domain';
import { authFetch, NETWORK_ERROR_MESSAGE, sessionFetch, withSession } from './auth-fetch';
import { clearToken, getToken, REFRESH_PATH, setToken } from './session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthenticated = () =>
  json({ error: { code: 'auth/unauthenticated', message: 'Sign in again' } }, 401);

const fetchMock = vi.fn<typeof fetch>();
const sentAuth = (i: number) => new Headers(fetchMock.mock.calls[i]![1]!.headers).get('Authorization');

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('authFetch', () => {
  it('sends the bearer token, refreshes once on 401 and retries with the new token', async () => {
    setToken({ idToken: 'old', expiresIn: 3600 });
    fetchMock
      .mockResolvedValueOnce(unauthenticated())
      .mockResolvedValueOnce(json({ idToken: 'new', expiresIn: 3600 }))
      .mockResolvedValueOnce(json({ apps: [] }));
    const res = await authFetch('/api/apps', { headers: { Accept: 'application/json' } });
    await expect(res.json()).resolves.toEqual({ apps: [] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sentAuth(0)).toBe('Bearer old');
    expect(fetchMock.mock.calls[1]![0]).toBe(REFRESH_PATH);
    expect(sentAuth(2)).toBe('Bearer new');
    expect(new Headers(fetchMock.mock.calls[2]![1]!.headers).get('Accept')).toBe('application/json');
    expect(getToken()).toBe('new');
  });

  it('signs out when the retry is answered 401 again, without a second refresh', async () => {
    setToken({ idToken: 'old', expiresIn: 3600 });
    fetchMock
      .mockResolvedValueOnce(unauthenticated())
      .mockResolvedValueOnce(json({ idToken: 'new', expiresIn: 3600 }))
      .mockResolvedValueOnce(unauthenticated())
      .mockResolvedValueOnce(json({ error: { code: 'auth/invalid-refresh-token', message: 'x' } }, 401));
    await expect(authFetch('/api/apps')).rejects.toMatchObject({ status: 401, message: 'Sign in again' });
    // the call, one refresh, the retry: a second 401 is not refreshed again
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)).toHaveLength(1);
  });

  it('signs out when the refresh is refused', async () => {
    setToken({ idToken: 'old', expiresIn: 3600 });
    fetchMock
      .mockResolvedValueOnce(unauthenticated())
      .mockResolvedValueOnce(json({ error: { code: 'auth/invalid-refresh-token', message: 'x' } }, 401));
    const err = await authFetch('/api/apps').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 401, message: 'Sign in again' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToken()).toBeNull();
  });

  it('does not refresh a 401 to a call that carried no token, nor one that named its own', async () => {
    fetchMock.mockResolvedValueOnce(unauthenticated());
    await expect(authFetch('/api/live_api/auth/signIn')).rejects.toMatchObject({ status: 401 });
    setToken({ idToken: 'mine', expiresIn: 3600 });
    fetchMock.mockResolvedValueOnce(unauthenticated());
    await expect(authFetch('/x', { headers: { Authorization: 'Bearer theirs' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(sentAuth(1)).toBe('Bearer theirs');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps a streamed answer unread', async () => {
    setToken({ idToken: 't', expiresIn: 3600 });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"type":"start"}\n\n'));
        controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    const res = await authFetch('/api/apps/a/chat', { method: 'POST', body: '{}' });
    expect(res.bodyUsed).toBe(false);
    await expect(res.text()).resolves.toBe('data: {"type":"start"}\n\n');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
  });

  it('turns a network failure into the network error and lets a cancel through', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(authFetch('/x')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    fetchMock.mockRejectedValueOnce(new DOMException('cancelled', 'AbortError'));
    await expect(authFetch('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sessionFetch answers a refusal as a Response; anonymous sends no token', async () => {
    setToken({ idToken: 't', expiresIn: 3600 });
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'x', message: 'y' } }, 403));
    const res = await sessionFetch('/x', { anonymous: true, credentials: 'omit' });
    expect(res.status).toBe(403);
    expect(sentAuth(0)).toBeNull();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'omit' });
  });
});

describe('withSession', () => {
  it('gives any sender the token and retries it once after a refresh', async () => {
    setToken({ idToken: 'old', expiresIn: 3600 });
    fetchMock.mockResolvedValueOnce(json({ idToken: 'new', expiresIn: 3600 }));
    const tokens: (string | null)[] = [];
    const answer = await withSession(async (token) => {
      tokens.push(token);
      return { status: tokens.length === 1 ? 401 : 201 };
    });
    expect(answer.status).toBe(201);
    expect(tokens).toEqual(['old', 'new']);
  });
});

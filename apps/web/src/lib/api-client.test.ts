import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, errorCatalogue } from '@buildai/domain';
import { api, apiResponse, NETWORK_ERROR_MESSAGE } from './api-client';
import { clearToken, getToken, setToken } from './session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('api client', () => {
  it('rebuilds AppError from the error body with the status', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        { error: { code: 'tool/header-required', message: errorCatalogue['tool/header-required'].message } },
        400,
      ),
    );
    const err = await api('/api/apps/a/tools/t/status', { body: { status: 'active' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'tool/header-required',
      status: 400,
      message: 'Your tool should have a header before it is activated',
    });
  });

  it('keeps the field of a validation error', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: 'request/invalid', message: 'This email is invalid', field: 'email' } }, 422),
    );
    await expect(api('/x', { body: {} })).rejects.toMatchObject({ field: 'email', status: 422 });
  });

  it('answers a generic AppError when the body is not our error shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api('/x')).rejects.toMatchObject({ code: 'internal', status: 502 });
  });

  it('turns a network failure into an AppError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/x')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });

  it('sends the bearer token, refreshes once on 401 and retries', async () => {
    setToken({ idToken: 'old', expiresIn: 3600 });
    fetchMock
      .mockResolvedValueOnce(json({ error: { code: 'auth/unauthenticated', message: 'x' } }, 401))
      .mockResolvedValueOnce(json({ idToken: 'new', expiresIn: 3600 }))
      .mockResolvedValueOnce(json({ apps: [] }));
    await expect(api('/api/apps')).resolves.toEqual({ apps: [] });
    const auth = (i: number) => new Headers(fetchMock.mock.calls[i]![1]!.headers).get('Authorization');
    expect(auth(0)).toBe('Bearer old');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/live_api/auth/refresh');
    expect(auth(2)).toBe('Bearer new');
    expect(getToken()).toBe('new');
  });

  it('gives up after a refused refresh and clears the token', async () => {
    setToken({ idToken: 'old', expiresIn: 3600 });
    fetchMock
      .mockResolvedValueOnce(json({ error: { code: 'auth/unauthenticated', message: 'x' } }, 401))
      .mockResolvedValueOnce(json({ error: { code: 'auth/invalid-refresh-token', message: 'y' } }, 401));
    await expect(apiResponse('/api/apps')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToken()).toBeNull();
  });

  it('does not refresh when no token was sent (e.g. wrong password)', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: 'auth/invalid-credentials', message: 'Invalid email or password' } }, 401),
    );
    await expect(api('/api/live_api/auth/signIn', { body: {} })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('session hint', () => {
  it('is set with the token and cleared on sign-out', async () => {
    const { mightHaveSession } = await import('./session');
    expect(mightHaveSession()).toBe(false);
    setToken({ idToken: 't', expiresIn: 3600 });
    expect(document.cookie).toContain('buildai_token=t');
    expect(document.cookie).toContain('buildai_session=1');
    clearToken();
    expect(mightHaveSession()).toBe(false);
    expect(document.cookie).not.toContain('buildai_token');
  });
});

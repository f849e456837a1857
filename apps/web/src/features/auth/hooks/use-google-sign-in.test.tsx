import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@buildai/domain';
import { POPUP_BLOCKED_MESSAGE, readGoogleMessage, useGoogleSignIn } from './use-google-sign-in';

const own = window.location.origin;
const post = (data: unknown, origin = own) =>
  act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin })));

describe('readGoogleMessage', () => {
  it('takes the custom token from our own origin', () => {
    expect(
      readGoogleMessage({
        origin: own,
        data: { type: 'buildai:google', customToken: 'ct', tenantId: 'platform' },
      }),
    ).toEqual({ customToken: 'ct', tenantId: 'platform' });
  });

  it('ignores other origins, other message types and junk', () => {
    const good = { type: 'buildai:google', customToken: 'ct', tenantId: 'platform' };
    expect(readGoogleMessage({ origin: 'https://evil.example', data: good })).toBeNull();
    expect(readGoogleMessage({ origin: 'null', data: good })).toBeNull();
    expect(readGoogleMessage({ origin: own, data: { ...good, type: 'other' } })).toBeNull();
    expect(readGoogleMessage({ origin: own, data: 'buildai:google' })).toBeNull();
    expect(readGoogleMessage({ origin: own, data: null })).toBeNull();
  });

  it('shows the error the callback sends: its message, or a known code', () => {
    const userDisabled = errorCatalogue['auth/user-disabled'].message;
    expect(readGoogleMessage({ origin: own, data: { type: 'buildai:google', error: userDisabled } })).toEqual(
      {
        error: userDisabled,
      },
    );
    expect(
      readGoogleMessage({ origin: own, data: { type: 'buildai:google', error: 'auth/google-failed' } }),
    ).toEqual({ error: 'Google sign-in failed, please try again' });
    expect(readGoogleMessage({ origin: own, data: { type: 'buildai:google', error: {} } })).toEqual({
      error: 'Google sign-in failed, please try again',
    });
  });

  it('treats a cancelled consent screen as nothing happened', () => {
    expect(readGoogleMessage({ origin: own, data: { type: 'buildai:google', cancelled: true } })).toBeNull();
    expect(
      readGoogleMessage({ origin: own, data: { type: 'buildai:google', error: 'access_denied' } }),
    ).toBeNull();
  });
});

describe('useGoogleSignIn', () => {
  let popup: { closed: boolean; focus: () => void; close: () => void };
  let open: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    popup = { closed: false, focus: vi.fn(), close: vi.fn() };
    open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function setup(appId: string | null = null) {
    const onCustomToken = vi.fn();
    const onError = vi.fn();
    const hook = renderHook(() => useGoogleSignIn({ appId, onCustomToken, onError }));
    return { hook, onCustomToken, onError };
  }

  it('opens the start URL of the tenant in a popup', () => {
    const { hook } = setup('app 1');
    act(() => hook.result.current.start());
    expect(open).toHaveBeenCalledWith(
      '/api/live_api/auth/google/start?appId=app%201',
      'buildai-google',
      expect.stringContaining('popup'),
    );
    expect(hook.result.current.pending).toBe(true);
  });

  it('the builders’ page passes no appId', () => {
    const { hook } = setup(null);
    act(() => hook.result.current.start());
    expect(open.mock.calls[0]![0]).toBe('/api/live_api/auth/google/start');
  });

  it('a popup closed without a message is ignored silently', () => {
    const { hook, onCustomToken, onError } = setup();
    act(() => hook.result.current.start());
    popup.closed = true;
    act(() => void vi.advanceTimersByTime(1000));
    expect(hook.result.current.pending).toBe(false);
    expect(onCustomToken).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('ignores messages from other origins, and takes ours', () => {
    const { hook, onCustomToken, onError } = setup();
    act(() => hook.result.current.start());
    post({ type: 'buildai:google', customToken: 'stolen', tenantId: 'platform' }, 'https://evil.example');
    expect(onCustomToken).not.toHaveBeenCalled();
    expect(hook.result.current.pending).toBe(true);
    post({ type: 'buildai:google', customToken: 'ct', tenantId: 'platform' });
    expect(onCustomToken).toHaveBeenCalledWith({ customToken: 'ct', tenantId: 'platform' });
    expect(onError).not.toHaveBeenCalled();
    expect(hook.result.current.pending).toBe(false);
  });

  it('reports the error message of the callback', () => {
    const { hook, onCustomToken, onError } = setup();
    act(() => hook.result.current.start());
    post({ type: 'buildai:google', error: 'Google sign-in failed, please try again' });
    expect(onError).toHaveBeenCalledWith('Google sign-in failed, please try again');
    expect(onCustomToken).not.toHaveBeenCalled();
  });

  it('a cancelled sign-in ends the wait without an error', () => {
    const { hook, onError } = setup();
    act(() => hook.result.current.start());
    post({ type: 'buildai:google', cancelled: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('says so when the browser blocks the popup', () => {
    open.mockReturnValueOnce(null);
    const { hook, onError } = setup();
    act(() => hook.result.current.start());
    expect(onError).toHaveBeenCalledWith(POPUP_BLOCKED_MESSAGE);
    expect(hook.result.current.pending).toBe(false);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_DID_NOT_TAKE_MESSAGE, CHAT_REQUEST_TIMEOUT_MS, useChatBridge } from './use-chat-bridge';

afterEach(() => {
  vi.useRealTimers();
});

describe('the workspace side of the chat bridge', () => {
  it('shows the request to the chat and resolves once the chat sent it', async () => {
    const onTaken = vi.fn();
    const { result } = renderHook(() => useChatBridge({ onTaken }));
    let done!: Promise<void>;
    act(() => {
      done = result.current.requestChat('Make the task list public', { type: 'permissions' });
    });
    const request = result.current.request!;
    expect(request).toMatchObject({
      text: 'Make the task list public',
      systemActionInfo: { type: 'permissions' },
    });
    expect(onTaken).not.toHaveBeenCalled();
    act(() => result.current.onRequestSettled(request.id, null));
    await expect(done).resolves.toBeUndefined();
    expect(result.current.request).toBeNull();
    expect(onTaken).toHaveBeenCalledTimes(1);
  });

  it('rejects with the chat’s error and numbers each request anew', async () => {
    const { result } = renderHook(() => useChatBridge());
    let first!: Promise<void>;
    act(() => {
      first = result.current.requestChat('one');
    });
    const firstId = result.current.request!.id;
    act(() => result.current.onRequestSettled(firstId, new Error('The chat is answering')));
    await expect(first).rejects.toThrow('The chat is answering');
    act(() => {
      void result.current.requestChat('two');
    });
    expect(result.current.request!.id).toBe(firstId + 1);
    // a late settle of an older request leaves the newer one waiting
    act(() => result.current.onRequestSettled(firstId, null));
    expect(result.current.request).toMatchObject({ text: 'two' });
  });

  it('fails a request the chat has not taken in time', async () => {
    vi.useFakeTimers();
    const onTaken = vi.fn();
    const { result } = renderHook(() => useChatBridge({ onTaken }));
    let done!: Promise<void>;
    act(() => {
      done = result.current.requestChat('hello');
    });
    const failed = expect(done).rejects.toThrow(CHAT_DID_NOT_TAKE_MESSAGE);
    act(() => vi.advanceTimersByTime(CHAT_REQUEST_TIMEOUT_MS));
    await failed;
    expect(result.current.request).toBeNull();
    expect(onTaken).not.toHaveBeenCalled();
  });

  it('passes the chat’s busy state on', () => {
    const { result } = renderHook(() => useChatBridge());
    expect(result.current.busy).toBe(false);
    act(() => result.current.onBusyChange(true));
    expect(result.current.busy).toBe(true);
  });
});

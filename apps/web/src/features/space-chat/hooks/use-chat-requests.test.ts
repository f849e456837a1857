import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useChatRequests, type ChatRequest } from './use-chat-requests';

type Props = Parameters<typeof useChatRequests>[0];

function setup(initial: Partial<Props> = {}) {
  const send = vi.fn();
  const onRequestSettled = vi.fn();
  const onBusyChange = vi.fn();
  const props: Props = {
    busy: false,
    status: 'ready',
    error: undefined,
    readOnly: false,
    send,
    request: null,
    onRequestSettled,
    onBusyChange,
    ...initial,
  };
  const view = renderHook((p: Props) => useChatRequests(p), { initialProps: props });
  return { ...view, props, send, onRequestSettled, onBusyChange };
}

const request: ChatRequest = {
  id: 1,
  text: 'Please change the permissions for entity "Task" to "Admin Only".',
  systemActionInfo: { type: 'permissions' },
};

describe('the chat side of the workspace bridge', () => {
  it('reports busy, sends a request once, and settles it when the answer streams', () => {
    const { rerender, props, send, onRequestSettled, onBusyChange } = setup();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    rerender({ ...props, request });
    expect(send).toHaveBeenCalledWith(request.text, { type: 'permissions' });
    rerender({ ...props, request, status: 'submitted', busy: true });
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    expect(onRequestSettled).not.toHaveBeenCalled();
    rerender({ ...props, request, status: 'streaming', busy: true });
    expect(onRequestSettled).toHaveBeenCalledWith(1, null);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('settles with the error when the server refuses the turn, and refuses at once while busy', () => {
    const { rerender, props, send, onRequestSettled } = setup();
    rerender({ ...props, request });
    rerender({ ...props, request, status: 'submitted' });
    const refused = new Error('busy');
    rerender({ ...props, request, status: 'error', error: refused });
    expect(onRequestSettled).toHaveBeenCalledWith(1, refused);

    rerender({ ...props, busy: true, request: { ...request, id: 2 } });
    expect(onRequestSettled).toHaveBeenLastCalledWith(2, expect.any(Error));
    expect(send).toHaveBeenCalledTimes(1);
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { reducer, toast, useToast } from './use-toast';

function Count() {
  const { toasts } = useToast();
  return <output data-testid="count">{toasts.length}</output>;
}

describe('toast', () => {
  it('removes a dismissed toast from the store after 1,000,000 ms, not before', () => {
    vi.useFakeTimers();
    try {
      render(<Count />);
      let shown: ReturnType<typeof toast> | undefined;
      act(() => void (shown = toast({ title: 'Going away' })));
      act(() => shown!.dismiss());
      act(() => void vi.advanceTimersByTime(999_999));
      expect(screen.getByTestId('count').textContent).toBe('1');
      act(() => void vi.advanceTimersByTime(1));
      expect(screen.getByTestId('count').textContent).toBe('0');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps only one toast: a second one replaces the first', () => {
    render(
      <>
        <Toaster />
        <Count />
      </>,
    );
    act(() => void toast({ title: 'First message' }));
    expect(screen.getByText('First message')).toBeTruthy();
    act(() => void toast({ title: 'Second message' }));
    expect(screen.queryByText('First message')).toBeNull();
    expect(screen.getByText('Second message')).toBeTruthy();
    expect(screen.getByTestId('count').textContent).toBe('1');
  });

  it('reducer never holds more than TOAST_LIMIT toasts', () => {
    let state = { toasts: [] as { id: string }[] };
    for (const id of ['1', '2', '3']) state = reducer(state, { type: 'ADD_TOAST', toast: { id } });
    expect(state.toasts.map((t) => t.id)).toEqual(['3']);
  });
});

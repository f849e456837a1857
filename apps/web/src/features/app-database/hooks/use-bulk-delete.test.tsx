import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseTexts } from '@buildai/domain';
import * as toasts from '@/components/ui/use-toast';
import { BULK_DELETE_PAUSE_MS } from '../lib/constants';
import { useBulkDelete } from './use-bulk-delete';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i + 1}`);
/** Lets the chunk's settled promises run (no timers move). */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

describe('bulk delete', () => {
  it('deletes in chunks of 5 in parallel, 200 ms apart, with progress in percent', async () => {
    vi.useFakeTimers();
    const remove = vi.fn(async (_id: string) => undefined);
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useBulkDelete(remove, onDeleted));
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.run(ids(12));
    });
    // the first chunk goes at once, all five together
    expect(remove.mock.calls.map((c) => c[0])).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    await flush();
    expect(result.current.progress).toEqual({ done: 5, total: 12, percent: 42 });
    expect(onDeleted).toHaveBeenLastCalledWith(['r1', 'r2', 'r3', 'r4', 'r5']);
    // nothing more until the pause is over
    await act(async () => vi.advanceTimersByTime(BULK_DELETE_PAUSE_MS - 1));
    expect(remove).toHaveBeenCalledTimes(5);
    await act(async () => vi.advanceTimersByTime(1));
    expect(remove).toHaveBeenCalledTimes(10);
    await flush();
    expect(result.current.progress?.percent).toBe(83);
    await act(async () => vi.advanceTimersByTime(BULK_DELETE_PAUSE_MS));
    await flush();
    await expect(done).resolves.toEqual({ deleted: ids(12), failed: 0, cancelled: false });
    expect(remove).toHaveBeenCalledTimes(12);
    expect(result.current.progress).toBeNull();
  });

  it('cancel stops before the next chunk; failures show one "Failed to delete row"', async () => {
    vi.useFakeTimers();
    const toastError = vi.spyOn(toasts, 'toastError');
    const remove = vi.fn(async (id: string) => {
      if (id === 'r2') throw new Error('gone');
    });
    const { result } = renderHook(() => useBulkDelete(remove, () => undefined));
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.run(ids(12));
    });
    await flush();
    act(() => result.current.cancel());
    await act(async () => vi.advanceTimersByTime(BULK_DELETE_PAUSE_MS));
    await flush();
    await expect(done).resolves.toEqual({ deleted: ['r1', 'r3', 'r4', 'r5'], failed: 1, cancelled: true });
    expect(remove).toHaveBeenCalledTimes(5);
    expect(toastError).toHaveBeenCalledWith(databaseTexts.deleteRowFailed, undefined);
    expect(result.current.progress).toBeNull();
  });
});

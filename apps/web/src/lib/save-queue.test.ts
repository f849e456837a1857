import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DEBOUNCE_MS } from '@/lib/ui-constants';
import { SaveQueue } from './save-queue';

interface Call {
  value: string;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** A queue whose saves wait until the test settles them. */
function makeQueue(initial = 'v0') {
  const calls: Call[] = [];
  const onSaved = vi.fn();
  const onFailed = vi.fn();
  const queue = new SaveQueue<string>({
    initial,
    save: (value) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject });
      }),
    onSaved,
    onFailed,
  });
  return { queue, calls, onSaved, onFailed };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SaveQueue', () => {
  it('waits 2 s after the last change before saving', () => {
    const { queue, calls } = makeQueue();
    queue.set('a');
    expect(queue.busy).toBe(true);
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    queue.set('ab'); // typing again restarts the wait
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls.map((c) => c.value)).toEqual(['ab']);
  });

  it('keeps one save in flight and sends the latest waiting value after it, in order', async () => {
    const { queue, calls, onSaved } = makeQueue();
    queue.set('a');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    expect(calls.map((c) => c.value)).toEqual(['a']);

    queue.set('b');
    queue.set('c');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    // 'a' is still being sent: nothing else goes out
    expect(calls).toHaveLength(1);

    calls[0]!.resolve();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // 'b' was overtaken by 'c' while waiting
    expect(calls.map((c) => c.value)).toEqual(['a', 'c']);
    calls[1]!.resolve();
    await vi.waitFor(() => expect(queue.busy).toBe(false));
    expect(onSaved.mock.calls.map((c) => c[0])).toEqual(['a', 'c']);
    expect(queue.lastSaved).toBe('c');
  });

  it('does not send a value equal to what is saved', () => {
    const { queue, calls } = makeQueue('same');
    queue.set('other');
    queue.set('same');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    expect(calls).toHaveLength(0);
    expect(queue.busy).toBe(false);
  });

  it('a failed save hands back the last saved value and drops what was waiting', async () => {
    const { queue, calls, onFailed } = makeQueue();
    queue.set('a');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    calls[0]!.resolve();
    await vi.waitFor(() => expect(queue.lastSaved).toBe('a'));

    queue.set('b');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    queue.set('c'); // waits behind 'b'
    const error = new Error('Field already exists');
    calls[1]!.reject(error);
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(onFailed).toHaveBeenCalledWith(error, 'a');
    expect(queue.busy).toBe(false);
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS * 2);
    expect(calls.map((c) => c.value)).toEqual(['a', 'b']);
    expect(queue.lastSaved).toBe('a');
  });

  it('flush sends at once and resolves when all is saved, or false when a save fails', async () => {
    const { queue, calls } = makeQueue();
    await expect(queue.flush()).resolves.toBe(true);
    queue.set('a');
    const flushed = queue.flush();
    expect(calls.map((c) => c.value)).toEqual(['a']);
    calls[0]!.resolve();
    await expect(flushed).resolves.toBe(true);

    queue.set('b');
    const failed = queue.flush();
    calls[1]!.reject(new Error('down'));
    await expect(failed).resolves.toBe(false);
  });

  it('targets are independent: a slow save of one does not hold back another', () => {
    const style = makeQueue('light');
    const settings = makeQueue('{}');
    style.queue.set('dark');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    expect(style.calls).toHaveLength(1); // still in flight
    settings.queue.set('{"isProTool":true}');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    expect(settings.calls.map((c) => c.value)).toEqual(['{"isProTool":true}']);
    expect(style.queue.busy).toBe(true);
    expect(settings.queue.busy).toBe(true);
  });

  it('tells subscribers when it becomes busy and idle', async () => {
    const { queue, calls } = makeQueue();
    const states: boolean[] = [];
    queue.subscribe(() => states.push(queue.busy));
    queue.set('a');
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    calls[0]!.resolve();
    await vi.waitFor(() => expect(queue.busy).toBe(false));
    expect(states[0]).toBe(true);
    expect(states.at(-1)).toBe(false);
  });
});

import { AUTOSAVE_DEBOUNCE_MS } from '@/lib/ui-constants';

export interface SaveQueueOptions<T> {
  /** what the server last accepted (the editor's starting value) */
  initial: T;
  /** sends one value; a rejection is a failed save */
  save: (value: T) => Promise<unknown>;
  debounceMs?: number;
  onSaved?: (value: T, result: unknown) => void;
  /** the save failed: `lastSaved` is what the editor should show again */
  onFailed?: (error: unknown, lastSaved: T) => void;
  equals?: (a: T, b: T) => boolean;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The autosave of one target (a tool, the app style, the app settings; spec 001 §4, §9): a change waits for the
 * debounce, then is sent; one save is in flight at a time and the latest value wins over any value still waiting.
 * A failed save drops what was waiting and hands back the last saved value, so the editor can put it back.
 */
export class SaveQueue<T> {
  private saved: T;
  private waiting: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private idleWaiters: ((ok: boolean) => void)[] = [];
  private listeners = new Set<() => void>();
  private options: SaveQueueOptions<T>;

  constructor(options: SaveQueueOptions<T>) {
    this.options = options;
    this.saved = options.initial;
  }

  /** swaps the callbacks (a React hook passes fresh closures on each render) */
  configure(options: Partial<Omit<SaveQueueOptions<T>, 'initial'>>): void {
    this.options = { ...this.options, ...options };
  }

  /** the value the server holds, as far as this editor knows */
  get lastSaved(): T {
    return this.saved;
  }

  /** something waits for its debounce or is being sent */
  get busy(): boolean {
    return this.waiting !== null || this.inFlight;
  }

  /**
   * Takes `value` as what the server holds when nothing waits or is being sent (another writer, the App Chat,
   * changed it): answers whether it did. A change of the editor's own is never overwritten.
   */
  adopt(value: T): boolean {
    if (this.busy) return false;
    this.saved = value;
    return true;
  }

  /** queues the editor's new value; the debounce starts again */
  set(value: T): void {
    this.waiting = { value };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, this.options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS);
    this.emit();
  }

  /** sends what waits now; resolves true once everything is saved, false when a save failed */
  flush(): Promise<boolean> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.busy) return Promise.resolve(true);
    const done = new Promise<boolean>((resolve) => this.idleWaiters.push(resolve));
    this.pump();
    return done;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private pump(): void {
    if (this.inFlight || this.timer) return;
    if (!this.waiting) return this.settle(true);
    const { value } = this.waiting;
    this.waiting = null;
    const equals = this.options.equals ?? sameJson;
    if (equals(value, this.saved)) return this.pump();

    this.inFlight = true;
    this.emit();
    let sent: Promise<unknown>;
    try {
      sent = this.options.save(value);
    } catch (err) {
      sent = Promise.reject(err);
    }
    sent.then(
      (result) => {
        this.inFlight = false;
        this.saved = value;
        this.options.onSaved?.(value, result);
        this.pump();
        this.emit();
      },
      (error: unknown) => {
        this.inFlight = false;
        this.waiting = null;
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.options.onFailed?.(error, this.saved);
        this.settle(false);
      },
    );
  }

  private settle(ok: boolean): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((resolve) => resolve(ok));
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }
}

import * as React from 'react';
import { SaveQueue, type SaveQueueOptions } from '@/lib/save-queue';

export interface Autosave<T> {
  /** queues the editor's new value (debounced 2 s) */
  set: (value: T) => void;
  /** sends what waits now; true once all is saved */
  flush: () => Promise<boolean>;
  /** a change waits or is being sent */
  busy: boolean;
  /** takes a value another writer saved, when nothing of the editor's waits (see SaveQueue.adopt) */
  adopt: (value: T) => boolean;
}

/**
 * One autosave target for a component's lifetime. Callbacks may change on every render. What still waits when the
 * component goes away (moving to another tool of the app, say) is sent at once rather than dropped.
 */
export function useAutosave<T>(options: SaveQueueOptions<T>): Autosave<T> {
  const [queue] = React.useState(() => new SaveQueue<T>(options));
  React.useEffect(() => {
    queue.configure({
      save: options.save,
      onSaved: options.onSaved,
      onFailed: options.onFailed,
      debounceMs: options.debounceMs,
      equals: options.equals,
    });
  });
  React.useEffect(
    () => () => {
      void queue.flush();
    },
    [queue],
  );
  const busy = React.useSyncExternalStore(
    React.useCallback((onChange) => queue.subscribe(onChange), [queue]),
    () => queue.busy,
  );
  const set = React.useCallback((value: T) => queue.set(value), [queue]);
  const flush = React.useCallback(() => queue.flush(), [queue]);
  const adopt = React.useCallback((value: T) => queue.adopt(value), [queue]);
  return { set, flush, busy, adopt };
}

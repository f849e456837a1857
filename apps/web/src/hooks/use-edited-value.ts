import * as React from 'react';
import { toastMessages } from '@buildai/domain';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useAutosave } from './use-autosave';

export interface EditedValue<T> {
  value: T;
  /** merges the patch into the value and queues it for saving */
  update: (patch: Partial<T>) => void;
  busy: boolean;
  flush: () => Promise<boolean>;
  /** shows a value another writer saved (the App Chat), unless the builder's own change still waits */
  reset: (value: T) => void;
}

/**
 * An object the builder edits and that saves itself (tool, style, settings). When a save fails, the last saved
 * value is put back and the builder is told: 'Failed saving app, your changes might be lost. Please try again or
 * contact us', with the server's reason below it.
 */
export function useEditedValue<T extends object, R>({
  initial,
  save,
  onSaved,
}: {
  initial: T;
  save: (value: T) => Promise<R>;
  onSaved?: (result: R, value: T) => void;
}): EditedValue<T> {
  const [value, setValue] = React.useState<T>(initial);
  const current = React.useRef<T>(initial);
  const autosave = useAutosave<T>({
    initial,
    save,
    onSaved: (saved, result) => onSaved?.(result as R, saved),
    onFailed: (error, lastSaved) => {
      current.current = lastSaved;
      setValue(lastSaved);
      toastError(toastMessages.saveFailedUser, errorMessage(error));
    },
  });
  const { set } = autosave;
  const update = React.useCallback(
    (patch: Partial<T>) => {
      const next = { ...current.current, ...patch };
      current.current = next;
      setValue(next);
      set(next);
    },
    [set],
  );
  const { adopt } = autosave;
  const reset = React.useCallback(
    (next: T) => {
      if (!adopt(next)) return;
      current.current = next;
      setValue(next);
    },
    [adopt],
  );
  return { value, update, busy: autosave.busy, flush: autosave.flush, reset };
}

import * as React from 'react';
import { useBlocker } from 'react-router';
import { builderMessages } from '@buildai/domain';

export const UNSAVED_CHANGES_MESSAGE = builderMessages.unsavedChanges;

/**
 * While there are unsaved or pending changes, stops in-app navigation (answered by a dialog) and tab closing (the
 * browser's own prompt). Paths for which `stays` is true are still the same editor and are let through.
 */
export function useLeaveGuard(dirty: boolean, stays?: (pathname: string) => boolean) {
  const staysRef = React.useRef(stays);
  staysRef.current = stays;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      !staysRef.current?.(nextLocation.pathname),
  );

  React.useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return blocker;
}

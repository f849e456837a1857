import * as React from 'react';
import { DESKTOP_BREAKPOINT_PX } from '@/lib/ui-constants';

/** True below the spec's desktop breakpoint (1024 px, spec 001 §9). */
export function useIsMobile(breakpoint: number = DESKTOP_BREAKPOINT_PX): boolean {
  const query = `(max-width: ${breakpoint - 1}px)`;
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) {
        window?.addEventListener('resize', onChange);
        return () => window?.removeEventListener('resize', onChange);
      }
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return React.useSyncExternalStore(
    subscribe,
    () => (typeof window === 'undefined' ? false : window.innerWidth < breakpoint),
    () => false,
  );
}

import * as React from 'react';

const MOBILE_BREAKPOINT = 768;
const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia === 'function') {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const isMobileNow = () => window.innerWidth < MOBILE_BREAKPOINT;

/** True while the window is narrower than 768px. */
export function useIsMobile(): boolean {
  return React.useSyncExternalStore(subscribe, isMobileNow, () => false);
}

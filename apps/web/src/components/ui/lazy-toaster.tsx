import * as React from 'react';
import { useToast } from './use-toast';

const Toaster = React.lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster's code (Radix toast and its layers) loads with the first toast, not with every page
 * (docs/decisions/0005 "Page weight"). Once loaded it stays, so later toasts animate in and out as usual.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = React.useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  );
}

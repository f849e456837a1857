import * as React from 'react';
import type { ActivateChatDialogProps } from '@/lib/builder-types';

const ActivateChatDialog = React.lazy(() =>
  import('./activate-chat-dialog').then((m) => ({ default: m.ActivateChatDialog })),
);

/**
 * The Activate Your Chat Assistant dialog, whose code loads the first time it opens: the workspace's first load
 * leaves it out (decision 0005, "Page weight"). Once loaded it stays mounted, so it closes with its animation.
 */
export function LazyActivateChatDialog(props: ActivateChatDialogProps) {
  const [wanted, setWanted] = React.useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <ActivateChatDialog {...props} />
    </React.Suspense>
  );
}

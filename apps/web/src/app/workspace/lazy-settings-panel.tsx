import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { SettingsPanelProps } from '@/lib/builder-types';

const SettingsPanel = React.lazy(() =>
  import('./settings-panel').then((m) => ({ default: m.SettingsPanelWithApiAccess })),
);

/**
 * The App settings panel, whose code (its sections: sign-up, memberships, claim, templates, API access,
 * collaborators) loads when the panel first opens, not with the workspace (decision 0005, "Page weight").
 */
export function LazySettingsPanel(props: SettingsPanelProps) {
  return (
    <React.Suspense
      fallback={
        <div className="grid gap-4" aria-busy="true" aria-label="Loading settings">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      }
    >
      <SettingsPanel {...props} />
    </React.Suspense>
  );
}

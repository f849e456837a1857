import * as React from 'react';
import type { WorkspaceSlots } from '@/features/builder/components/workspace/builder-page';

// a space app's workspace and the tools' workspace are chunks of their own: each kind loads only its own
const AppWorkspace = React.lazy(() =>
  import('./app-workspace').then((m) => ({ default: m.ComposedAppWorkspace })),
);
const SpaceWorkspace = React.lazy(() =>
  import('./space-workspace').then((m) => ({ default: m.ComposedSpaceWorkspace })),
);

/**
 * The workspaces the builder page opens: a tool or generated app's (the builder's shell with the panels of
 * app-settings, tools, api-access and chat-activation) and a space app's (space-workspace). The page shows its
 * skeleton while either loads.
 */
export const workspaceSlots: WorkspaceSlots = {
  renderAppWorkspace: (props) => <AppWorkspace {...props} />,
  renderSpaceWorkspace: (props) => <SpaceWorkspace {...props} />,
};

import { SpaceWorkspace } from '@/features/space-workspace/components/space-workspace';
import type { SpaceWorkspaceProps } from '@/lib/builder-types';
import { appPanels } from './app-panels';

/** A space app's workspace with App details, App settings and the chat's activation (a chunk of its own). */
export function ComposedSpaceWorkspace(props: SpaceWorkspaceProps) {
  return <SpaceWorkspace {...props} panels={appPanels} />;
}

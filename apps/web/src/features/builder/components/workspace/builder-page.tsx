import * as React from 'react';
import { Link, useParams } from 'react-router';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { errorMessage, isRetryable } from '@/lib/api-client';
import { useBuilderApp } from '../../api/get-app';
import type { BuilderAccount, SpaceSlots, SpaceWorkspaceProps } from '@/lib/builder-types';
import type { AppWorkspaceProps, RenderDataSources, RenderPreview } from './app-workspace';
import { WorkspaceSkeleton } from './workspace-skeleton';

// an assistant's own app's workspace is a chunk of its own, as the other kinds' are (composed by the route)
const ChatAppWorkspace = React.lazy(() =>
  import('../chat/chat-app-workspace').then((m) => ({ default: m.ChatAppWorkspace })),
);

export interface BuilderPageProps {
  account: BuilderAccount;
  /** opens the upgrade plan dialog */
  onUpgrade: () => void;
  /** the live preview of a tool (the runtime's form, composed by the route) */
  renderPreview: RenderPreview;
  /** the Data sources panel (its own feature, composed by the route); without it the panel says it is coming */
  renderDataSources?: RenderDataSources;
  /** a space app's chat and preview (their own features, composed by the route) */
  space: SpaceSlots;
  /**
   * The workspace of a tool or generated app (AppWorkspace with the panels of the other features) and a space app's
   * workspace (its own feature), composed by the route: each kind is a chunk of its own and loads only its own.
   */
  workspaces: WorkspaceSlots;
}

export interface WorkspaceSlots {
  renderAppWorkspace: (props: AppWorkspaceProps) => React.ReactNode;
  renderSpaceWorkspace: (props: SpaceWorkspaceProps) => React.ReactNode;
}

/**
 * /build/app/{appId} and /build/app/{appId}/tool/{toolId}: the builder workspace of an app, on the tool of the
 * address or the app's first tool.
 */
export function BuilderPage({
  account,
  onUpgrade,
  renderPreview,
  renderDataSources,
  space,
  workspaces,
}: BuilderPageProps) {
  const { appId = '', toolId } = useParams();
  const app = useBuilderApp(appId);

  if (app.isPending) return <WorkspaceSkeleton />;
  if (app.isError)
    return (
      <PageError
        title="We couldn't open this app"
        message={errorMessage(app.error)}
        onRetry={isRetryable(app.error) ? () => void app.refetch() : undefined}
      >
        <BackHome />
      </PageError>
    );
  if (!app.data.isOwner)
    return (
      <PageError title="You can't edit this app" message="Only the builder who owns this app can edit it.">
        <BackHome />
      </PageError>
    );
  if (app.data.appType === 'space')
    return (
      <React.Suspense fallback={<WorkspaceSkeleton />}>
        <React.Fragment key={appId}>
          {workspaces.renderSpaceWorkspace({
            app: app.data,
            account,
            onUpgrade,
            renderChat: space.renderChat,
            renderPreview: space.renderPreview,
            renderDatabase: space.renderDatabase,
          })}
        </React.Fragment>
      </React.Suspense>
    );

  // an assistant's own app: its data sources (spec 001 §2 "Chat menu: only Data sources")
  if (app.data.appType === 'chat')
    return (
      <React.Suspense fallback={<WorkspaceSkeleton />}>
        <ChatAppWorkspace
          key={appId}
          app={app.data}
          account={account}
          renderDataSources={renderDataSources}
        />
      </React.Suspense>
    );

  const tool = toolId ? app.data.tools.find((t) => t.toolId === toolId) : app.data.tools[0];
  if (toolId && !tool)
    return (
      <PageError
        title="Tool not found"
        message="This app has no tool with that id. It may have been deleted."
      >
        <Button variant="outline" asChild>
          <Link to={`/build/app/${encodeURIComponent(appId)}`}>Open the app</Link>
        </Button>
        <BackHome />
      </PageError>
    );

  return (
    <React.Suspense fallback={<WorkspaceSkeleton />}>
      <React.Fragment key={appId}>
        {workspaces.renderAppWorkspace({
          app: app.data,
          tool: tool ?? null,
          account,
          onUpgrade,
          renderPreview,
          renderDataSources,
          renderChat: space.renderChat,
          editingTool: Boolean(toolId),
        })}
      </React.Fragment>
    </React.Suspense>
  );
}

function BackHome() {
  return (
    <Button variant="ghost" asChild>
      <Link to="/home">Back to your apps</Link>
    </Button>
  );
}

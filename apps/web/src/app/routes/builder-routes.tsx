import * as React from 'react';
import { useSearchParams } from 'react-router';
import { PlanPreviewProvider } from '@/features/app-settings/components/paid-memberships/plan-preview';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { BuilderPage } from '@/features/builder/components/workspace/builder-page';
import { DataSourcesPanel } from '@/features/data-sources/components/data-sources-panel';
import { PlanPreviewDialog } from '@/features/plans/components/plan-preview-dialog';
import { GOTO_PARAM, GOTO_UPGRADE_PLAN } from '@/features/plans/hooks/upgrade-plan-dialog';
import { ToolsCollectionPage } from '@/features/tools/components/tools-collection-page';
import type { BuilderAccount } from '@/lib/builder-types';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';
import { workspaceSlots } from '../workspace/workspace-slots';
import { spaceSlots } from './space-slots';

// the tools' preview loads with the tools' workspace, not with a space app's
const ToolForm = React.lazy(() =>
  import('@/features/runtime/components/tool-form').then((m) => ({ default: m.ToolForm })),
);

/** The signed-in builder as the builder feature needs it (inside the shell's RequireAuth it is always there). */
function useBuilderAccount(): BuilderAccount | null {
  const { account } = useAuth();
  return React.useMemo(
    () => (account ? { accountId: account.accountId, plan: account.plan, isAdmin: account.isAdmin } : null),
    [account],
  );
}

/** Opens the shell's Upgrade plan dialog: `?goto=upgrade_app_plan` on the current address. */
function useOpenUpgrade() {
  const [, setSearchParams] = useSearchParams();
  return React.useCallback(
    () =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.set(GOTO_PARAM, GOTO_UPGRADE_PLAN);
        return next;
      }),
    [setSearchParams],
  );
}

/**
 * /build/app/{appId} and /build/app/{appId}/tool/{toolId}: the workspace, with the runtime's form as preview; a
 * space app's workspace has the chat beside the sandboxed app.
 */
export function BuilderWorkspaceRoute() {
  const account = useBuilderAccount();
  const onUpgrade = useOpenUpgrade();
  // 'Show pricing plan' of the Paid memberships section: the app's own plan dialog in its demo view
  const [previewAppId, setPreviewAppId] = React.useState<string | null>(null);
  if (!account) return null;
  return (
    <PlanPreviewProvider onShow={({ appId }) => setPreviewAppId(appId)}>
      <PlanPreviewDialog appId={previewAppId} onClose={() => setPreviewAppId(null)} />
      <BuilderPage
        account={account}
        onUpgrade={onUpgrade}
        space={spaceSlots}
        workspaces={workspaceSlots}
        renderDataSources={(appId) => (
          <DataSourcesPanel
            appId={appId}
            plan={account.plan}
            isAdmin={account.isAdmin}
            onUpgrade={onUpgrade}
          />
        )}
        renderPreview={(app, appStyle, settings) => (
          <React.Suspense fallback={null}>
            <ToolForm
              app={app}
              appStyle={appStyle}
              creditsPerRun={settings.creditsPerRun}
              preview
              idPrefix="preview"
            />
          </React.Suspense>
        )}
      />
    </PlanPreviewProvider>
  );
}

export function ToolEditorRoute() {
  return <BuilderWorkspaceRoute />;
}

export function BuildAppRoute() {
  return <BuilderWorkspaceRoute />;
}

export function ToolsCollectionRoute() {
  return <ToolsCollectionPage />;
}

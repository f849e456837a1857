import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { BuilderPage } from '@/features/builder/components/workspace/builder-page';
// the workspaces the page loads lazily, loaded up front so a test waits on rendering, not on importing
import './app-workspace';
import './space-workspace';
import '@/features/builder/components/chat/chat-app-workspace';
import type { BuilderAccount } from '@/lib/builder-types';
import { builder } from '@/test/workspace-fixtures';
import { workspaceSlots } from './workspace-slots';

/**
 * A render helper for the builder workspace as the route composes it (tests only): the builder's page with the real
 * panels of app-settings, tools, api-access, chat-activation and space-workspace, and stand-ins for the space app's
 * chat, preview and database, the tool's preview and the data sources.
 */

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The workspace at `url` with the real router (both builder routes), a fresh cache, tooltips and the toaster. */
export function renderWorkspace({
  url = '/build/app/a1',
  account = builder(),
  onUpgrade = () => {},
}: { url?: string; account?: BuilderAccount; onUpgrade?: () => void } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const page = (
    <>
      <BuilderPage
        account={account}
        onUpgrade={onUpgrade}
        workspaces={workspaceSlots}
        space={{
          renderChat: ({ appErrors, onFilesChanged, onBusyChange, request, onRequestSettled }) => (
            <div aria-label="Chat slot">
              <p>{appErrors.length} app errors</p>
              <button type="button" onClick={onFilesChanged}>
                Chat changed files
              </button>
              <button type="button" onClick={() => onBusyChange?.(true)}>
                Chat starts a turn
              </button>
              {request && (
                <button type="button" onClick={() => onRequestSettled?.(request.id, null)}>
                  Send “{request.text}”
                </button>
              )}
            </div>
          ),
          renderPreview: ({ refreshKey, onAppErrors }) => (
            <div aria-label="Preview slot">
              <p>Preview {refreshKey}</p>
              <button type="button" onClick={() => onAppErrors([{ title: 'Boom', details: 'at Home' }])}>
                App throws
              </button>
            </div>
          ),
          renderDatabase: ({ refreshKey, chatBusy, requestChat, onClose }) => (
            <div aria-label="Database slot">
              <p>
                Database {refreshKey} {chatBusy ? 'chat busy' : 'chat free'}
              </p>
              <button
                type="button"
                onClick={() =>
                  void requestChat('Change permissions', { type: 'permissions' }).then(() => onClose())
                }
              >
                Ask the chat
              </button>
              <button type="button" onClick={onClose}>
                Close the database
              </button>
            </div>
          ),
        }}
        renderPreview={(app) => <h1>{app.header || 'Untitled tool'}</h1>}
        renderDataSources={(appId) => <p>Data sources of {appId}</p>}
      />
      <Link to="/home">Home</Link>
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/build/app/:appId', element: page },
      { path: '/build/app/:appId/tool/:toolId', element: page },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

import type * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import {
  aiAppSchema,
  appSettingsSchema,
  appStyleSchema,
  type AiAppInput,
  type AppView,
  type ToolSummary,
} from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { BuilderPage } from '../components/workspace/builder-page';
// the workspaces the page loads lazily, loaded up front so a test waits on rendering, not on importing
import '../components/workspace/app-workspace';
import '../components/space/space-workspace';
import '../components/chat/chat-app-workspace';
import type { BuilderAccount } from '../types';

/** Test data and a render helper for the builder workspace (tests only). */

export function tool(over: Partial<Omit<ToolSummary, 'app'>> & { app?: AiAppInput } = {}): ToolSummary {
  const { app, ...rest } = over;
  return {
    toolId: 't1',
    title: 'Slogan maker',
    path: 'slogan-maker',
    status: 'draft',
    imageUrl: null,
    app: aiAppSchema.parse({
      header: 'Slogan maker',
      gptPrompt: 'Write one slogan about {{input}}.',
      ...app,
    }),
    ...rest,
  };
}

export function appView(over: Partial<AppView> = {}): AppView {
  return {
    appId: 'a1',
    appType: 'tool',
    header: 'Slogan maker',
    description: '',
    isPublished: false,
    publishedAt: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    isOwner: true,
    tools: [tool()],
    appStyle: appStyleSchema.parse({}),
    appSettings: appSettingsSchema.parse({}),
    ...over,
  };
}

export function builder(over: Partial<BuilderAccount> = {}): BuilderAccount {
  return { accountId: 'acc_1', plan: 'explorer', isAdmin: false, ...over };
}

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

/** Wraps a panel in what its controls need (query cache for lists, tooltips). */
export function withProviders(node: React.ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {node}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AppErrorItem, TokenResponse } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { SpaceChat } from '@/features/space-chat';
import './harness.css';

// ?admin=1 shows the admin's parts; the page signs a new builder up and makes a space app on every load unless
// ?app= names one made earlier (the token stays in the cookie).
const params = new URLSearchParams(location.search);
const isAdmin = params.get('admin') === '1';

async function start(): Promise<string> {
  const known = params.get('app');
  if (known) return known;
  const email = `harness-${Date.now().toString(36)}@example.com`;
  const token = await api<TokenResponse>('/api/live_api/auth/signUp', {
    method: 'POST',
    body: { email, password: 'correct horse battery staple', tenantId: 'platform' },
  });
  setToken(token);
  await api('/api/live_api/account/create', { method: 'POST' });
  const app = await api<{ appId: string }>('/api/apps/new', { method: 'POST', body: { kind: 'space' } });
  history.replaceState(null, '', `?app=${app.appId}${isAdmin ? '&admin=1' : ''}`);
  return app.appId;
}

function Harness() {
  const [appId, setAppId] = React.useState<string | null>(null);
  const [errors, setErrors] = React.useState<AppErrorItem[]>([]);
  const [changes, setChanges] = React.useState(0);
  React.useEffect(() => void start().then(setAppId), []);
  if (!appId) return <p>Starting…</p>;
  return (
    <div className="flex h-screen">
      <div className="flex h-full min-w-0 flex-1 flex-col border-r">
        <SpaceChat
          appId={appId}
          isAdmin={isAdmin}
          appErrors={errors}
          onFilesChanged={() => setChanges((n) => n + 1)}
          onClearErrors={() => setErrors([])}
        />
      </div>
      <aside aria-label="Harness" className="flex w-64 flex-col gap-2 bg-muted/40 p-4 text-sm">
        <p>
          App <code data-testid="app-id">{appId}</code>
        </p>
        <p>
          Files changed: <span data-testid="changes">{changes}</span>
        </p>
        <button
          type="button"
          className="rounded border bg-background px-2 py-1"
          onClick={() =>
            setErrors((e) => [
              ...e,
              {
                title: `ReferenceError: chart${e.length} is not defined`,
                details: `ReferenceError: chart${e.length} is not defined\n    at Home (pages/Home.tsx:4:10)`,
                componentName: 'Home',
              },
            ])
          }
        >
          Report an app error
        </button>
      </aside>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <Harness />
    <Toaster />
  </QueryClientProvider>,
);

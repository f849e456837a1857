import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import {
  apiKeyCreateRequest,
  API_KEY_NAME_MAX,
  type ApiKeyCreated,
  type ApiKeyView,
  type AppView,
} from '@buildai/domain';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDay, formatRelativeTime } from '@/lib/format';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { PanelSection } from '@/components/builder/form-row';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

export const API_KEY_REVOKED = 'API key revoked';

/**
 * API access (issue 21): keys that let the builder's own code, MCP clients and OpenAI clients use the app. A key is
 * shown once, when it is created; the list shows each key's name, its first characters and when it was last used.
 */
export function ApiAccessSection({ app }: { app: AppView }) {
  return (
    <div role="region" aria-label="API access" className="grid gap-5 border-b pb-5 last:border-b-0 last:pb-0">
      <PanelSection
        title="API access"
        description="Run your tools from your own code, from MCP clients such as Claude, or with any OpenAI client."
      >
        <ApiKeys app={app} />
      </PanelSection>
    </div>
  );
}

function ApiKeys({ app }: { app: AppView }) {
  const list = useQuery(apiKeysQuery(app.appId));
  const create = useCreateApiKey(app.appId);
  const revoke = useRevokeApiKey(app.appId);
  const [created, setCreated] = React.useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = React.useState<ApiKeyView | null>(null);
  const { form, submit, pending, errorOf, formError } = useSchemaForm<{ name: string }, ApiKeyCreated>({
    schema: apiKeyCreateRequest,
    defaultValues: { name: '' },
    byCode: { 'api-key/too-many': 'name' },
    send: ({ name }) => create.mutateAsync(name),
    onSent: (key) => setCreated(key),
  });
  const problem = errorOf('name') ?? formError;

  return (
    <div className="grid gap-3">
      {list.isPending ? (
        <div className="grid gap-2" aria-busy aria-label="Loading API keys">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {errorMessage(list.error)}{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : list.data.apiKeys.length === 0 ? (
        <div className="flex items-center gap-3 rounded-md border border-dashed px-3 py-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <KeyRound className="size-4" />
          </span>
          <p className="text-xs text-muted-foreground">
            No API keys yet. Create one to call your app from code.
          </p>
        </div>
      ) : (
        <ul className="grid divide-y rounded-md border text-sm" aria-label="API keys">
          {list.data.apiKeys.map((k) => (
            <li key={k.id} className="flex items-center justify-between gap-2 px-3 py-2">
              <div className="grid min-w-0 gap-0.5">
                <p className="truncate font-medium">{k.name}</p>
                <p className="truncate font-mono text-xs text-muted-foreground">{k.prefix}…</p>
                <p className="truncate text-xs text-muted-foreground">
                  Created {formatDay(k.createdAt, true)} ·{' '}
                  {k.lastUsedAt ? `Last used ${formatRelativeTime(k.lastUsedAt)}` : 'Never used'}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                aria-label={`Revoke ${k.name}`}
                onClick={() => setRevoking(k)}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form className="grid gap-1.5" onSubmit={(e) => void submit(e)} noValidate>
        <div className="flex gap-2">
          <Input
            aria-label="Key name"
            placeholder="Key name, e.g. Backend"
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            {...form.register('name')}
          />
          <Button type="submit" variant="outline" disabled={pending}>
            {pending ? <Loader2 className="animate-spin" /> : <Plus />}
            Create key
          </Button>
        </div>
        {problem && (
          <p role="alert" className="text-xs text-destructive">
            {problem}
          </p>
        )}
      </form>

      <ApiKeyCreatedDialog app={app} created={created} onClose={() => setCreated(null)} />
      <RevokeApiKeyDialog
        name={revoking?.name ?? null}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast({ title: API_KEY_REVOKED });
              setRevoking(null);
            },
            onError: (err) => toastError(errorMessage(err)),
          })
        }
      />
    </div>
  );
}

import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, RotateCw } from 'lucide-react';
import { integrationProviders, type AppError } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import {
  integrationKeys,
  statusOf,
  useConnections,
  useDisconnect,
  type ConnectionsResponse,
  type IntegrationProvider,
} from '../api/integrations';
import { accountConnectors } from '../connectors';
import { useIntegrationPopup, type IntegrationOutcome } from '../hooks/use-integration-popup';
import { ImportItemPicker } from './import-item-picker';

const nameOf = (provider: IntegrationProvider) => accountConnectors[provider].name;
export const NO_IMPORTS_MESSAGE = 'No imports are set up on this server.';
export const CONNECTIONS_FAILED_MESSAGE = 'Could not load your connected accounts';
export const cancelledMessage = (provider: IntegrationProvider) =>
  `${nameOf(provider)} was not connected: you cancelled before allowing access`;
export const connectFailedTitle = (provider: IntegrationProvider) => `Could not connect ${nameOf(provider)}`;
export const expiredMessage = (provider: IntegrationProvider) =>
  `Your ${nameOf(provider)} connection has ended. Connect again to import.`;

/** The providers the operator set up (only those are offered). */
export function configuredProviders(connections: ConnectionsResponse | undefined): IntegrationProvider[] {
  if (!connections) return [];
  return integrationProviders.filter((provider) => statusOf(connections, provider).configured);
}

/** Whether the import option is worth showing: at least one import is set up here. */
export function useImportAvailable(appId: string): boolean {
  return configuredProviders(useConnections(appId).data).length > 0;
}

export interface ImportSourcesProps {
  appId: string;
  /** the items were imported (the app's data list is already being asked again) */
  onImported?: (contextItemIds: string[]) => void;
  /** a plan limit refused the import (its message is toasted; the dialog may also show its Upgrade banner) */
  onPlanLimit?: (err: AppError) => void;
  /** nothing may be added now (e.g. a plan limit the dialog already shows) */
  disabled?: boolean;
}

/**
 * "Import from Notion", "Import from Google Drive", one section per account connector (spec 000 §2, decision 0004):
 * connect in a popup, pick pages, databases, docs, sheets or slides, import them as data items. Only the imports the
 * operator configured show.
 */
export function ImportSources({ appId, onImported, onPlanLimit, disabled = false }: ImportSourcesProps) {
  const queryClient = useQueryClient();
  const connections = useConnections(appId);
  const disconnect = useDisconnect(appId);
  // providers whose stored tokens the provider refused: they are shown as not connected
  const [expired, setExpired] = React.useState<ReadonlySet<IntegrationProvider>>(() => new Set());

  const onOutcome = React.useCallback(
    (outcome: IntegrationOutcome) => {
      const { provider } = outcome;
      const name = nameOf(provider);
      if (outcome.kind === 'cancelled') return void toast({ title: cancelledMessage(provider) });
      if (outcome.kind === 'error') return void toastError(connectFailedTitle(provider), outcome.message);
      toast({ title: `${name} connected` });
      setExpired((old) => new Set([...old].filter((p) => p !== provider)));
      // a list refused before the new tokens is not kept
      queryClient.removeQueries({ queryKey: integrationKeys.items(appId, provider) });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.connections(appId) });
    },
    [appId, queryClient],
  );
  const popup = useIntegrationPopup({ appId, onOutcome, onError: (message) => toastError(message) });

  const markExpired = React.useCallback(
    (provider: IntegrationProvider) => setExpired((old) => new Set(old).add(provider)),
    [],
  );

  function remove(provider: IntegrationProvider) {
    disconnect.mutate(provider, {
      onSuccess: () => {
        setExpired((old) => new Set([...old].filter((p) => p !== provider)));
        toast({
          title: `${nameOf(provider)} disconnected`,
          description: 'The items you imported stay in your data.',
        });
      },
      onError: (err) => toastError(errorMessage(err)),
    });
  }

  if (connections.isPending)
    return (
      <div role="status" aria-label="Loading imports" className="grid gap-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );

  if (connections.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-4">
        <AlertCircle className="size-4 text-destructive" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{CONNECTIONS_FAILED_MESSAGE}</p>
          <p className="text-xs text-muted-foreground">{errorMessage(connections.error)}</p>
        </div>
        <Button type="button" size="sm" variant="outline" onClick={() => void connections.refetch()}>
          <RotateCw /> Retry
        </Button>
      </div>
    );

  const providers = configuredProviders(connections.data);
  if (providers.length === 0)
    return (
      <div className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        {NO_IMPORTS_MESSAGE}
      </div>
    );

  return (
    <div className="grid gap-3">
      {providers.map((provider) => {
        const { icon: Icon, name, connectHint } = accountConnectors[provider];
        const connected = statusOf(connections.data, provider).connected && !expired.has(provider);
        const connecting = popup.pending === provider;
        const removing = disconnect.isPending && disconnect.variables === provider;
        const titleId = `import-${provider}-title`;
        return (
          <section
            key={provider}
            aria-labelledby={titleId}
            className="grid gap-3 rounded-lg border bg-background p-3 shadow-xs"
          >
            <div className="flex flex-wrap items-center gap-3">
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted"
              >
                <Icon className="size-4" />
              </span>
              <div className="min-w-0 flex-1 basis-40">
                <h3 id={titleId} className="text-sm font-medium">
                  Import from {name}
                </h3>
                <p className="text-xs text-muted-foreground">
                  {connected ? 'Connected' : expired.has(provider) ? expiredMessage(provider) : connectHint}
                </p>
              </div>
              {connected ? (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="text-muted-foreground"
                  aria-label={`Disconnect ${name}`}
                  disabled={removing}
                  onClick={() => remove(provider)}
                >
                  {removing ? 'Disconnecting…' : 'Disconnect'}
                </Button>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  disabled={popup.pending !== null}
                  onClick={() => popup.connect(provider)}
                >
                  {connecting ? 'Connecting…' : `Connect ${name}`}
                </Button>
              )}
            </div>
            {connected && (
              <ImportItemPicker
                appId={appId}
                provider={provider}
                disabled={disabled}
                onNotConnected={() => markExpired(provider)}
                onImported={onImported}
                onPlanLimit={onPlanLimit}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}

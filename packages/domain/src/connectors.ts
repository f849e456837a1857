/**
 * The data-source connectors a builder connects to an account of their own and imports from (decision 0011,
 * "Data-source connectors"): the `{provider}` of `/api/integrations/{provider}/…`. The server's and the web app's
 * connector registries are typed by this list, so a provider without a connector on either side does not compile.
 * Its order is the order of the answers that list every provider and of the builder's Import tab.
 */
export const integrationProviders = ['notion', 'google-drive'] as const;
export type IntegrationProvider = (typeof integrationProviders)[number];

export function isIntegrationProvider(value: unknown): value is IntegrationProvider {
  return typeof value === 'string' && (integrationProviders as readonly string[]).includes(value);
}

/** `google-drive` → `googleDrive`: the answers that list every provider key them in camelCase, like all JSON here. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
export type IntegrationProviderKey = CamelCase<IntegrationProvider>;

export function integrationProviderKey<P extends IntegrationProvider>(provider: P): CamelCase<P> {
  return provider.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<P>;
}

export interface ConnectionStatus {
  /** the operator set the import up */
  configured: boolean;
  /** this builder granted access (tokens are stored) */
  connected: boolean;
}

/** GET /api/integrations/connections?appId=: every provider, by its key. */
export type ConnectionsResponse = Record<IntegrationProviderKey, ConnectionStatus>;

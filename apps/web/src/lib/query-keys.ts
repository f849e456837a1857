/** TanStack Query keys shared across features, so one feature can refresh what another shows. */
export const queryKeys = {
  account: ['account', 'current'] as const,
  apps: ['apps'] as const,
  app: (appId: string) => ['apps', appId] as const,
};

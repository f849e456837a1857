/** TanStack Query keys shared across features, so one feature can refresh what another shows. */
export const queryKeys = {
  account: ['account', 'current'] as const,
  apps: ['apps'] as const,
  app: (appId: string) => ['apps', appId] as const,
  /** a space app's files (the code viewer, the main-page selector) */
  appFiles: (appId: string) => ['apps', appId, 'files'] as const,
  /** a space app's entities (the database screen; the chat's entity actions refresh it) */
  appEntities: (appId: string) => ['apps', appId, 'entities'] as const,
  /** what the end user asked an app (their 'My history'; a finished run or answer refreshes it) */
  myHistory: (appId: string) => ['apps', appId, 'my-history'] as const,
};

import * as React from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { getToken, mightHaveSession, refreshSession } from '@/lib/session';
import { makeQueryClient } from '../query-client';
import { RuntimeRoot } from './runtime-root';

/**
 * The document of the public app pages (`/app/*`, `runtime.html`): the query cache, the signed-in builder's
 * session when there is one, and the page. No router, no sign-in forms, no builder, no toaster: the public pages
 * show no toasts (docs/decisions/0005 "Page weight").
 */
export function RuntimeDocument() {
  const [queryClient] = React.useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ResumeSession />
      <RuntimeRoot />
    </QueryClientProvider>
  );
}

/**
 * A builder whose id token has expired but who signed in on this browser gets it back from the refresh cookie, as
 * in the builder's document, and then sees the page as its owner (the app is asked for again with the token).
 * Visitors who never signed in make no call.
 */
function ResumeSession() {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (getToken() !== null || !mightHaveSession()) return;
    void refreshSession().then((ok) => {
      if (ok) void queryClient.invalidateQueries({ queryKey: queryKeys.apps });
    });
  }, [queryClient]);
  return null;
}

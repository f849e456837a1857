import { QueryClient } from '@tanstack/react-query';
import { isAppError } from '@/lib/api-client';

/** The query cache of a document (the builder's and the public app pages' alike). */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // a 4xx answer will not change by asking again
        retry: (count, err) => !(isAppError(err) && err.status >= 400 && err.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider } from '@/features/auth/hooks/auth-provider';
import { makeQueryClient } from './query-client';

/** Tooltips get their provider from the sidebar (the only pages that have tooltips sit inside it). */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}

import type * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import type { BuilderAccount } from '@/lib/builder-types';

/** Test data for the builder workspace and a wrapper for its panels (tests only). */

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

import { useQuery } from '@tanstack/react-query';
import { appQuery } from '@/lib/app-query';

/** The owner's app: the whole app, each tool with its prompt. */
export function useBuilderApp(appId: string) {
  return useQuery(appQuery(appId));
}

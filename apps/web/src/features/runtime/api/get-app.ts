import { useQuery } from '@tanstack/react-query';
import { appQuery } from '@/lib/app-query';

/** The app as a visitor sees it: published, with its active tools (the owner sees everything). */
export function useRuntimeApp(appId: string) {
  return useQuery(appQuery(appId));
}
